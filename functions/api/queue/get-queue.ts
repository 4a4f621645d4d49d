import { queueContracts } from '@shared/contracts/queue';
import { defineRoute, ok } from '../../core/http/route';
import { queueView } from '../../core/queue/queue-view';

/** GET /api/queue: what goes out next on each platform, slot by slot. */
export const getQueue = defineRoute(queueContracts.view, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await queueView(companyId, query.zone)),
});
