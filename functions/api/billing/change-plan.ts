import { billingContracts } from '@shared/contracts/billing';
import { defineRoute, ok } from '../../core/http/route';
import { changePlan as change } from '../../core/billing/plan-change';

export const changePlan = defineRoute(billingContracts.changePlan, {
  access: 'company',
  handle: async ({ companyId, body }) => ok(await change(companyId, body)),
});
