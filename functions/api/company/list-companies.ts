import { companyContracts } from '@shared/contracts/company';
import { defineRoute, ok } from '../../core/http/route';
import { companyIdsOf, companyView, getCompanies } from '../../core/companies/company-store';

export const listCompanies = defineRoute(companyContracts.list, {
  access: 'user',
  handle: async ({ user }) => {
    const companies = await getCompanies(await companyIdsOf(user.id));
    return ok(await Promise.all(companies.map(companyView)));
  },
});
