import { defineRoute } from '../../core/http/route';
import { conflict, notFound } from '../../core/http/errors';
import { clearCompanyContent, getCompany } from '../../core/companies/company-store';

export const ONLY_DEMO = 'Only demo companies can be reset.';

/** Wipes a demo company's data, plans and posts so it can be explored again from scratch. */
export const recreateDemo = defineRoute({
  method: 'POST',
  path: '/api/company/recreate',
  access: 'company',
  handle: async ({ companyId }) => {
    const company = await getCompany(companyId);
    if (!company) throw notFound();
    if (!company.demo) throw conflict(ONLY_DEMO);
    await clearCompanyContent(companyId);
    return { status: 204 };
  },
});
