import { config } from '../config';
import { mailer } from '../mail/mail-port';
import { verificationMail } from '../mail/templates';
import { issueVerifyCode } from './link-tokens';
import type { UserItem } from './user-store';

/** Issues a fresh verification code (the older link stops working) and mails its link. */
export async function sendVerificationMail(user: Pick<UserItem, 'id' | 'email' | 'firstName'>) {
  const code = await issueVerifyCode(user.id);
  const link = `${config.appOrigin}/auth?code=${encodeURIComponent(code)}&id=${user.id}`;
  await mailer().send(verificationMail(user.email, user.firstName, link));
}
