import { COMPANY_COOKIE } from '@shared/constants';
import { authContracts } from '@shared/contracts/auth';
import { EMAIL_NOT_VERIFIED, emailNotVerifiedMessage } from '@shared/schemas/auth';
import { defineRoute, ok } from '../../core/http/route';
import { forbidden, unauthorized } from '../../core/errors';
import { verifyPassword } from '../../core/accounts/password-hash';
import { hit, LIMITS, signInKey } from '../../core/accounts/rate-limit';
import { findUserByEmail } from '../../core/accounts/user-store';
import { completeSignIn } from '../../core/companies/sign-in';
import { signInCookies } from './session-cookies';

const BAD_CREDENTIALS = 'Email or password is incorrect.';

export const login = defineRoute(authContracts.login, {
  access: 'public',
  handle: async ({ body, sourceIp, cookies }) => {
    await hit(LIMITS.loginPerClient, sourceIp);
    await hit(LIMITS.loginPerEmailAndClient, signInKey(body.email, sourceIp));
    const user = await findUserByEmail(body.email);
    // verifyPassword hashes even without a user, so a missing account answers as slowly.
    const passwordOk = await verifyPassword(body.password, user?.passwordHash);
    if (!user || !passwordOk) throw unauthorized(BAD_CREDENTIALS);
    if (!user.verified) throw forbidden(emailNotVerifiedMessage, EMAIL_NOT_VERIFIED);
    const signedIn = await completeSignIn(user, {
      inviteToken: body.inviteToken,
      selectedCompany: cookies[COMPANY_COOKIE],
    });
    return {
      ...ok({ profile: signedIn.profile, companyId: signedIn.companyId, inviteError: signedIn.inviteError }),
      cookies: signInCookies(signedIn),
    };
  },
});
