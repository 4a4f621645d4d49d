import { authContracts } from '@shared/contracts/auth';
import { defineRoute, ok } from '../../core/http/route';
import { hit, LIMITS } from '../../core/accounts/rate-limit';
import { issueDecoyVerifyCode } from '../../core/accounts/link-tokens';
import { steadyAnswer } from '../../core/accounts/steady-answer';
import { findUserByEmail } from '../../core/accounts/user-store';
import { sendVerificationMail } from '../../core/accounts/verification-mail';

/** The same answer whether or not the address has an account: it reveals nothing. */
const RESEND_SENT = 'If this email belongs to an account that still needs verifying, a new link is on its way.';

export const resendVerify = defineRoute(authContracts.resendVerify, {
  access: 'public',
  handle: async ({ body, sourceIp }) => {
    await hit(LIMITS.verifyMailPerClient, sourceIp);
    await hit(LIMITS.verifyMailPerEmail, body.email);
    // Same words and the same time for an unknown, a verified and an unverified address.
    return steadyAnswer(async () => {
      const user = await findUserByEmail(body.email);
      if (user && !user.verified) await sendVerificationMail(user);
      else await issueDecoyVerifyCode();
      return ok({ message: RESEND_SENT });
    });
  },
});
