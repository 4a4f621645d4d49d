import { z } from 'zod';
import { displayCompanyName } from '@shared/schemas/company';
import { defineRoute } from '../../core/http/route';
import { notFound } from '../../core/http/errors';
import { findInviteByToken } from '../../core/companies/invites';
import { getCompany } from '../../core/companies/company-store';
import { INVITE_INVALID } from '../../core/accounts/sign-in';

/** Public: the accept page shows which company invites before anyone signs in. */
export const invitation = defineRoute({
  method: 'GET',
  path: '/api/auth/invitation',
  access: 'public',
  query: z.object({ token: z.string({ error: INVITE_INVALID }).min(1, INVITE_INVALID).max(200, INVITE_INVALID) }),
  handle: async ({ query }) => {
    const invite = await findInviteByToken(query.token);
    const company = invite ? await getCompany(invite.companyId) : undefined;
    if (!invite || !company) throw notFound(INVITE_INVALID);
    return { companyName: displayCompanyName(company.name), companyID: company.id, email: invite.email };
  },
});
