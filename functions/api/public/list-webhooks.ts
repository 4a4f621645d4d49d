import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { defineRoute, ok } from '../../core/http/route';
import { listWebhooks } from '../../core/public-api/webhooks';

/** GET /api/public/webhooks. */
export const listWebhooksRoute = defineRoute(publicApiSettingsContracts.listWebhooks, {
  access: 'company',
  handle: async ({ companyId }) => ok(await listWebhooks(companyId)),
});
