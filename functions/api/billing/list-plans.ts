import { billingContracts } from '@shared/contracts/billing';
import { defineRoute, ok } from '../../core/http/route';
import { visiblePlans } from '../../core/billing/plan-store';

/** The same for every company: any signed-in user may read the price list. */
export const listPlans = defineRoute(billingContracts.plans, {
  access: 'user',
  handle: async () => ok(await visiblePlans()),
});
