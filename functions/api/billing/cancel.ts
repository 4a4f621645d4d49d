import { billingContracts } from '@shared/contracts/billing';
import { defineRoute, ok } from '../../core/http/route';
import { cancelSubscription } from '../../core/billing/billing-service';

export const cancel = defineRoute(billingContracts.cancel, {
  access: 'company',
  handle: async ({ companyId }) => ok(await cancelSubscription(companyId)),
});
