import { queueContracts } from '@shared/contracts/queue';
import { defineRoute, ok } from '../../core/http/route';
import { changeQueueSettings } from '../../core/queue/queue-settings';

/** PUT /api/queue/settings: new slots, and the queued posts moved into them. */
export const saveQueueSettings = defineRoute(queueContracts.saveSettings, {
  access: 'company',
  handle: async ({ companyId, body }) => ok(await changeQueueSettings(companyId, body)),
});
