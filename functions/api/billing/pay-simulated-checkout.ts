import { billingContracts } from '@shared/contracts/billing';
import { defineRoute, noContent } from '../../core/http/route';
import { paySimulatedCheckout as pay } from '../../core/billing/billing-service';

/** The payment simulation page's "payment": embedded runtime only (localOnly), absent from AWS. */
export const paySimulatedCheckout = defineRoute(billingContracts.completeSimulatedCheckout, {
  access: 'company',
  localOnly: true,
  handle: async ({ companyId, body }) => {
    await pay(companyId, body.sessionId);
    return noContent();
  },
});
