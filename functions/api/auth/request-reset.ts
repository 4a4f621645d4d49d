import { authContracts } from '@shared/contracts/auth';
import { config } from '../../core/config';
import { defineRoute, ok } from '../../core/http/route';
import { hit, LIMITS } from '../../core/accounts/rate-limit';
import { findUserByEmail } from '../../core/accounts/user-store';
import { issueDecoyResetToken, issueResetToken } from '../../core/accounts/link-tokens';
import { steadyAnswer } from '../../core/accounts/steady-answer';
import { mailer } from '../../core/mail/mail-port';
import { resetMail } from '../../core/mail/templates';

/** Identical for known and unknown addresses: the answer never tells whether an account exists. */
const RESET_SENT = 'If an account exists for this email, we have sent instructions to reset the password.';

export const requestReset = defineRoute(authContracts.requestReset, {
  access: 'public',
  handle: async ({ body, sourceIp }) => {
    await hit(LIMITS.resetPerClient, sourceIp);
    await hit(LIMITS.resetPerEmail, body.email);
    // Same words and the same time either way: neither may tell whether the address has an account.
    return steadyAnswer(async () => {
      const user = await findUserByEmail(body.email);
      if (user) {
        const { resetId, token } = await issueResetToken(user);
        await mailer().send(resetMail(user.email, `${config.appOrigin}/auth/forgot-password/${resetId}/${token}`));
      } else {
        await issueDecoyResetToken();
      }
      return ok({ message: RESET_SENT });
    });
  },
});
