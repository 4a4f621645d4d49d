import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { defineRoute, ok } from '../../core/http/route';
import * as webhooks from '../../core/public-api/webhooks';

/** GET /api/public/webhooks. */
export const listWebhooks = defineRoute(publicApiSettingsContracts.listWebhooks, {
  access: 'company',
  handle: async ({ companyId }) => ok(await webhooks.listWebhooks(companyId)),
});
