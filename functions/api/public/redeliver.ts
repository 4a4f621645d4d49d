import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { accepted, defineRoute } from '../../core/http/route';
import * as webhookDeliveries from '../../core/public-api/webhook-deliveries';

/** POST /api/public/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver. */
export const redeliver = defineRoute(publicApiSettingsContracts.redeliver, {
  access: 'company',
  handle: async ({ companyId, params }) =>
    accepted(await webhookDeliveries.redeliver(companyId, params.webhookId, params.deliveryId)),
});
