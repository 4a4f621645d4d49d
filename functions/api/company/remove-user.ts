import { companyContracts } from '@shared/contracts/company';
import { defineRoute, noContent } from '../../core/http/route';
import { notFound } from '../../core/errors';
import { ensureOwnCompany, removeMember } from '../../core/companies/company-store';

export const removeUser = defineRoute(companyContracts.removeUser, {
  access: 'company-param',
  handle: async ({ companyId, params }) => {
    if (!(await removeMember(companyId, params.userId))) throw notFound('User not found');
    // A user is never left without a company: the app has nothing to show without one.
    await ensureOwnCompany(params.userId);
    return noContent();
  },
});
