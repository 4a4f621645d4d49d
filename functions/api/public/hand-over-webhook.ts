import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { defineRoute, ok } from '../../core/http/route';
import * as webhooks from '../../core/public-api/webhooks';

/** POST /api/public/webhooks/{webhookId}/owner: the caller becomes the webhook's maker (another company's: 404). */
export const handOverWebhook = defineRoute(publicApiSettingsContracts.handOverWebhook, {
  access: 'company',
  handle: async ({ companyId, user, params }) =>
    ok(await webhooks.handOverWebhook(companyId, params.webhookId, user.id)),
});
