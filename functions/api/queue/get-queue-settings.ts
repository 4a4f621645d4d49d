import { queueContracts } from '@shared/contracts/queue';
import { defineRoute, ok } from '../../core/http/route';
import * as queueSettings from '../../core/queue/queue-settings';

/** GET /api/queue/settings: the zone and slots, or the defaults until the company saves its own. */
export const getQueueSettings = defineRoute(queueContracts.settings, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await queueSettings.getQueueSettings(companyId, query.zone)),
});
