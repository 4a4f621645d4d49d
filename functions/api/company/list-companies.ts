import { companyContracts } from '@shared/contracts/company';
import { defineRoute, ok } from '../../core/http/route';
import { companyIdsOf, companyView, ensureOwnCompany, getCompanies } from '../../core/companies/company-store';

export const listCompanies = defineRoute(companyContracts.list, {
  access: 'user',
  handle: async ({ user }) => {
    const companies = await getCompanies(await companyIdsOf(user.id));
    // Every user keeps a company: should two removals race past the index (which AWS updates a
    // moment late), the next look at the list mends it, as sign-in does.
    if (!companies.length) {
      const own = await ensureOwnCompany(user.id);
      companies.push(...(own ? [own] : await getCompanies(await companyIdsOf(user.id))));
    }
    return ok(await Promise.all(companies.map(companyView)));
  },
});
