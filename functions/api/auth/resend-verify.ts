import { resendVerifySchema } from '@shared/schemas/auth';
import { config } from '../../core/config';
import { defineRoute } from '../../core/http/route';
import { hit, LIMITS } from '../../core/accounts/rate-limit';
import { findUserByEmail } from '../../core/accounts/user-store';
import { issueVerifyCode } from '../../core/accounts/link-tokens';
import { mailer } from '../../core/mail/mail-port';
import { verificationMail } from '../../core/mail/templates';

/** The same answer whether or not the address has an account: it reveals nothing. */
export const RESEND_SENT = 'If this email belongs to an account that still needs verifying, a new link is on its way.';

export const resendVerify = defineRoute({
  method: 'POST',
  path: '/api/auth/resend-verify',
  access: 'public',
  body: resendVerifySchema,
  handle: async ({ body, sourceIp }) => {
    await hit(LIMITS.resetPerClient, sourceIp);
    await hit(LIMITS.verifyMailPerEmail, body.email);
    const user = await findUserByEmail(body.email);
    if (user && !user.verified) {
      const code = await issueVerifyCode(user.id);
      const link = `${config.appOrigin}/auth?code=${encodeURIComponent(code)}&id=${user.id}`;
      await mailer().send(verificationMail(user.email, user.firstName, link));
    }
    return { message: RESEND_SENT };
  },
});
