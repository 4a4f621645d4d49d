import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { defineRoute, ok } from '../../core/http/route';
import { handOverWebhook } from '../../core/public-api/webhooks';

/** POST /api/public/webhooks/{webhookId}/owner: the caller becomes the webhook's maker (another company's: 404). */
export const handOverWebhookRoute = defineRoute(publicApiSettingsContracts.handOverWebhook, {
  access: 'company',
  handle: async ({ companyId, user, params }) => ok(await handOverWebhook(companyId, params.webhookId, user.id)),
});
