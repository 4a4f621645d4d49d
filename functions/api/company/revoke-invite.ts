import { companyContracts } from '@shared/contracts/company';
import { defineRoute, noContent } from '../../core/http/route';
import { notFound } from '../../core/errors';
import { revokeInvite as revoke } from '../../core/companies/invites';

export const revokeInvite = defineRoute(companyContracts.revokeInvite, {
  access: 'company-param',
  handle: async ({ companyId, params }) => {
    if (!(await revoke(companyId, params.inviteId))) throw notFound('Invite not found');
    return noContent();
  },
});
