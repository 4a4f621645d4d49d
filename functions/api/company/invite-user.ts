import { companyContracts } from '@shared/contracts/company';
import { displayCompanyName } from '@shared/schemas/company';
import { config } from '../../core/config';
import { created, defineRoute, ok } from '../../core/http/route';
import { roleAtMost, teamMessages } from '@shared/permissions';
import { conflict, forbidden, notFound } from '../../core/errors';
import { findUserByEmail, getUser } from '../../core/accounts/user-store';
import { getCompany } from '../../core/companies/company-store';
import { countInvite, createInvite } from '../../core/companies/invites';
import { isMember } from '../../core/membership';
import { mailer } from '../../core/mail/mail-port';
import { inviteMail } from '../../core/mail/templates';

const ALREADY_MEMBER = 'This person is already a member of the company.';

export const inviteUser = defineRoute(companyContracts.invite, {
  access: 'company-param',
  handle: async ({ companyId, user, role, body }) => {
    const joinsAs = body.role ?? 'manager';
    // No one mints a member with more rights than their own.
    if (!roleAtMost(joinsAs, role)) throw forbidden(teamMessages.inviteAboveOwnRole);
    const [company, inviter, existing] = await Promise.all([
      getCompany(companyId),
      getUser(user.id),
      findUserByEmail(body.email),
    ]);
    if (!company) throw notFound();
    if (existing && (await isMember(companyId, existing.id))) {
      throw conflict(ALREADY_MEMBER);
    }
    await countInvite(companyId, user.id, body.email);
    const { invite, token, renewed } = await createInvite(companyId, body.email, user.id, joinsAs);
    const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : 'A colleague';
    await mailer().send(
      inviteMail(body.email, inviterName, displayCompanyName(company.name), `${config.appOrigin}/auth/invite/${token}`),
    );
    const answer = { id: invite.id, email: invite.email, role: joinsAs };
    return renewed ? ok(answer) : created(answer);
  },
});
