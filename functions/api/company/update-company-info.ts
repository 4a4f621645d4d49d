import { companyInfoSchema } from '@shared/schemas/company';
import { defineRoute } from '../../core/http/route';
import { companyView, updateCompanyInfo } from '../../core/companies/company-store';

/** PATCH /api/company/company: the company is the selected one (COMPANY_ID cookie). */
export const updateCompany = defineRoute({
  method: 'PATCH',
  path: '/api/company/company',
  access: 'company',
  body: companyInfoSchema,
  handle: async ({ companyId, body }) => companyView(await updateCompanyInfo(companyId, body)),
});
