import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { accepted, defineRoute } from '../../core/http/route';
import { sendTestEvent } from '../../core/public-api/webhook-deliveries';

/** POST /api/public/webhooks/{webhookId}/test: a signed webhook.test event, on its way at once. */
export const testWebhook = defineRoute(publicApiSettingsContracts.testWebhook, {
  access: 'company',
  handle: async ({ companyId, params }) => accepted(await sendTestEvent(companyId, params.webhookId)),
});
