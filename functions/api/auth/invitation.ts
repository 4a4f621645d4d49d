import { displayCompanyName } from '@shared/schemas/company';
import { authContracts, INVITE_INVALID } from '@shared/contracts/auth';
import { defineRoute, ok } from '../../core/http/route';
import { notFound } from '../../core/errors';
import { findInviteByToken } from '../../core/companies/invites';
import { getCompany } from '../../core/companies/company-store';

/** Public: the accept page shows which company invites before anyone signs in. */
export const invitation = defineRoute(authContracts.invitation, {
  access: 'public',
  handle: async ({ query }) => {
    const invite = await findInviteByToken(query.token);
    const company = invite ? await getCompany(invite.companyId) : undefined;
    if (!invite || !company) throw notFound(INVITE_INVALID);
    return ok({ companyName: displayCompanyName(company.name), companyID: company.id, email: invite.email });
  },
});
