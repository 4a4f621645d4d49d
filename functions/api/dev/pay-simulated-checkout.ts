import { billingContracts } from '@shared/contracts/billing';
import { defineRoute, noContent } from '../../core/http/route';
import { paySimulatedCheckout as pay } from '../../core/billing/billing-service';

/**
 * The payment simulation page's "payment": embedded runtime only (localOnly), absent from AWS.
 * Its path stays under /api/billing (the web calls it there); the dev area serves it.
 */
export const paySimulatedCheckout = defineRoute(billingContracts.completeSimulatedCheckout, {
  access: 'company',
  localOnly: true,
  handle: async ({ companyId, body }) => {
    await pay(companyId, body.sessionId);
    return noContent();
  },
});
