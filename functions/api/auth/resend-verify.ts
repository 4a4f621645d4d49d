import { authContracts } from '@shared/contracts/auth';
import { defineRoute, ok } from '../../core/http/route';
import { hit, LIMITS } from '../../core/accounts/rate-limit';
import { findUserByEmail } from '../../core/accounts/user-store';
import { sendVerificationMail } from '../../core/accounts/verification-mail';

/** The same answer whether or not the address has an account: it reveals nothing. */
export const RESEND_SENT = 'If this email belongs to an account that still needs verifying, a new link is on its way.';

export const resendVerify = defineRoute(authContracts.resendVerify, {
  access: 'public',
  handle: async ({ body, sourceIp }) => {
    await hit(LIMITS.resetPerClient, sourceIp);
    await hit(LIMITS.verifyMailPerEmail, body.email);
    const user = await findUserByEmail(body.email);
    if (user && !user.verified) {
      await sendVerificationMail(user);
    }
    return ok({ message: RESEND_SENT });
  },
});
