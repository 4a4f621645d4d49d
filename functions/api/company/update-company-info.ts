import { companyContracts } from '@shared/contracts/company';
import { notFound } from '../../core/errors';
import { defineRoute, ok } from '../../core/http/route';
import * as companyStore from '../../core/companies/company-store';

/** PATCH /api/company/company: the company is the selected one (COMPANY_ID cookie). */
export const updateCompanyInfo = defineRoute(companyContracts.update, {
  access: 'company',
  handle: async ({ companyId, body }) => {
    const company = await companyStore.updateCompanyInfo(companyId, body);
    if (!company) throw notFound();
    return ok(await companyStore.companyView(company));
  },
});
