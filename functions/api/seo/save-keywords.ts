import { seoContracts } from '@shared/contracts/seo';
import { requirePaidPlan } from '../../core/billing/paid-plan';
import { defineRoute, ok } from '../../core/http/route';
import { keywordList, saveSelection } from '../../core/keywords/keyword-store';

/** Replaces the saved keywords with up to 10 of the suggested ones. */
export const saveKeywords = defineRoute(seoContracts.saveKeywords, {
  access: 'company',
  handle: async ({ companyId, body }) => {
    await requirePaidPlan(companyId);
    return ok(keywordList(await saveSelection(companyId, body)));
  },
});
