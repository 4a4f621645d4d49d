import { billingContracts } from '@shared/contracts/billing';
import { defineRoute, ok } from '../../core/http/route';
import { cancelPlanChange as cancel } from '../../core/billing/plan-change';

export const cancelPlanChange = defineRoute(billingContracts.cancelPlanChange, {
  access: 'company',
  handle: async ({ companyId }) => ok(await cancel(companyId)),
});
