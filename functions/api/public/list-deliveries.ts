import { publicApiSettingsContracts } from '@shared/contracts/public-api-settings';
import { defineRoute, ok } from '../../core/http/route';
import * as webhookDeliveries from '../../core/public-api/webhook-deliveries';

/** GET /api/public/webhooks/{webhookId}/deliveries: the delivery log. */
export const listDeliveries = defineRoute(publicApiSettingsContracts.deliveries, {
  access: 'company',
  handle: async ({ companyId, params }) => ok(await webhookDeliveries.listDeliveries(companyId, params.webhookId)),
});
