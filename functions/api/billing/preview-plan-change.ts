import { billingContracts } from '@shared/contracts/billing';
import { defineRoute, ok } from '../../core/http/route';
import { previewPlanChange as preview } from '../../core/billing/plan-change';

export const previewPlanChange = defineRoute(billingContracts.previewPlanChange, {
  access: 'company',
  handle: async ({ companyId, query }) => ok(await preview(companyId, query.plan)),
});
