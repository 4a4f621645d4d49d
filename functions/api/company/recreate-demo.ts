import { companyContracts } from '@shared/contracts/company';
import { defineRoute, noContent } from '../../core/http/route';
import { conflict, notFound } from '../../core/errors';
import { getCompany } from '../../core/companies/company-store';
import { resetDemoCompany } from '../../core/composition-root/company-cascade';

const ONLY_DEMO = 'Only demo companies can be reset.';

/** Wipes a demo company's data, plans and posts so it can be explored again from scratch. */
export const recreateDemo = defineRoute(companyContracts.recreateDemo, {
  access: 'company',
  handle: async ({ companyId }) => {
    const company = await getCompany(companyId);
    if (!company) throw notFound();
    if (!company.demo) throw conflict(ONLY_DEMO);
    await resetDemoCompany(companyId);
    return noContent();
  },
});
