import { config } from '../config';
import { mailboxMailer } from './mailbox-mailer';
import { sesMailer } from './ses-mailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SES in AWS; the dev mailbox (stored in the table, readable in the app) on the embedded runtime. */
export const mailer = (): Mailer => (config.runtime === 'local' ? mailboxMailer : sesMailer);
