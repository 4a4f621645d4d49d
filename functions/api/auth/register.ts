import { authContracts } from '@shared/contracts/auth';
import { created, defineRoute } from '../../core/http/route';
import { DomainError } from '../../core/errors';
import { hashPassword } from '../../core/accounts/password-hash';
import { hit, LIMITS } from '../../core/accounts/rate-limit';
import { createUser, EmailTakenError } from '../../core/accounts/user-store';
import { sendVerificationMail } from '../../core/accounts/verification-mail';
import { findInviteByToken } from '../../core/companies/invites';

const EMAIL_TAKEN = 'An account with this email already exists. Sign in or reset your password.';

export const register = defineRoute(authContracts.register, {
  access: 'public',
  handle: async ({ body, sourceIp }) => {
    await hit(LIMITS.registerPerClient, sourceIp);
    // An invite mailed to this very address already proves the user owns it.
    const invite = body.inviteToken ? await findInviteByToken(body.inviteToken) : undefined;
    const verified = !!invite && invite.email === body.email;
    let user;
    try {
      user = await createUser({
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        subscribed: body.subscribed,
        passwordHash: await hashPassword(body.password),
        verified,
      });
    } catch (error) {
      if (error instanceof EmailTakenError)
        throw new DomainError('conflict', EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);
      throw error;
    }
    if (!verified) {
      await sendVerificationMail(user);
    }
    return created({
      verified,
      message: verified
        ? 'Your account is ready. Sign in to accept your invite.'
        : 'Your account was created. Check your email for the link to verify your address.',
    });
  },
});
