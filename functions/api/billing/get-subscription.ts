import { billingContracts } from '@shared/contracts/billing';
import { defineRoute, ok } from '../../core/http/route';
import { subscriptionView } from '../../core/billing/subscription-store';

export const getSubscription = defineRoute(billingContracts.subscription, {
  access: 'company',
  handle: async ({ companyId }) => ok(await subscriptionView(companyId)),
});
