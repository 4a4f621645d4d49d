import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { defineRoute, noContent } from '../../core/http/route';
import * as webhooks from '../../core/public-api/webhooks';

/** DELETE /api/public/webhooks/{webhookId}. */
export const deleteWebhook = defineRoute(publicApiSettingsContracts.deleteWebhook, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await webhooks.deleteWebhook(companyId, params.webhookId);
    return noContent();
  },
});
