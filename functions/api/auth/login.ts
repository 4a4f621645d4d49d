import { COMPANY_COOKIE } from '@shared/constants';
import { EMAIL_NOT_VERIFIED, emailNotVerifiedMessage, loginSchema } from '@shared/schemas/auth';
import { defineRoute } from '../../core/http/route';
import { HttpError, unauthorized } from '../../core/http/errors';
import { verifyPassword } from '../../core/accounts/password-hash';
import { hit, LIMITS } from '../../core/accounts/rate-limit';
import { findUserByEmail } from '../../core/accounts/user-store';
import { completeSignIn } from '../../core/accounts/sign-in';

export const BAD_CREDENTIALS = 'Email or password is incorrect.';

export const login = defineRoute({
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  body: loginSchema,
  handle: async ({ body, sourceIp, cookies }) => {
    await hit(LIMITS.loginPerClient, sourceIp);
    await hit(LIMITS.loginPerEmail, body.email);
    const user = await findUserByEmail(body.email);
    // verifyPassword hashes even without a user, so a missing account answers as slowly.
    const ok = await verifyPassword(body.password, user?.passwordHash);
    if (!user || !ok) throw unauthorized(BAD_CREDENTIALS);
    if (!user.verified) throw new HttpError(403, emailNotVerifiedMessage, undefined, EMAIL_NOT_VERIFIED);
    const signedIn = await completeSignIn(user, { inviteToken: body.inviteToken, selectedCompany: cookies[COMPANY_COOKIE] });
    return {
      cookies: signedIn.cookies,
      body: { profile: signedIn.profile, companyId: signedIn.companyId, inviteError: signedIn.inviteError },
    };
  },
});
