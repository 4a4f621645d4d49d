import { companyContracts } from '@shared/contracts/company';
import { defineRoute, ok } from '../../core/http/route';
import { notFound } from '../../core/errors';
import { acceptInvite as accept } from '../../core/companies/invites';
import { companyView, getCompany } from '../../core/companies/company-store';
import { inviteError } from '../../core/companies/sign-in';

/**
 * The one company route for a non-member: the invite token is the permission. Access is
 * `user`, and the token must belong to the company named in the path.
 */
export const acceptInvite = defineRoute(companyContracts.acceptInvite, {
  access: 'user',
  handle: async ({ user, params, body }) => {
    const outcome = await accept(body.token, user, params.id);
    if (!outcome.ok) throw inviteError(outcome);
    const company = await getCompany(outcome.companyId);
    if (!company) throw notFound();
    return ok(await companyView(company));
  },
});
