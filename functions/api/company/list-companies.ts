import { defineRoute } from '../../core/http/route';
import { companyIdsOf, companyView, getCompanies } from '../../core/companies/company-store';

export const listCompanies = defineRoute({
  method: 'GET',
  path: '/api/company',
  access: 'user',
  handle: async ({ user }) => {
    const companies = await getCompanies(await companyIdsOf(user.id));
    return Promise.all(companies.map(companyView));
  },
});
