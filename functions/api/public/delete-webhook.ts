import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { defineRoute, noContent } from '../../core/http/route';
import { deleteWebhook } from '../../core/public-api/webhooks';

/** DELETE /api/public/webhooks/{webhookId}. */
export const deleteWebhookRoute = defineRoute(publicApiSettingsContracts.deleteWebhook, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await deleteWebhook(companyId, params.webhookId);
    return noContent();
  },
});
