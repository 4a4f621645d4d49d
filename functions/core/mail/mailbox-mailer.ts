import { ulid } from 'ulid';
import type { z } from 'zod';
import { ttlIn } from '../table/client';
import { keys } from '../table/keys';
import type { MailMessage, Mailer } from './mail-port';
import { config } from '../config';
import { mails, type storedMailSchema } from './mail-entity';

/** Dev mail is kept a week: long enough to find a link, short enough not to pile up. */
const MAILBOX_TTL_SECONDS = 7 * 24 * 3600;

export type StoredMail = z.infer<typeof storedMailSchema> & MailMessage;

export const mailboxMailer: Mailer = {
  async send(message) {
    const id = ulid();
    await mails.put({
      id,
      from: config.mailFrom,
      sentAt: new Date().toISOString(),
      ...message,
      ttl: ttlIn(MAILBOX_TTL_SECONDS),
    });
  },
};

/** Newest first; ULIDs sort by time, so the sort key order is the send order. */
export async function listMailbox(limit = 50, to?: string): Promise<StoredMail[]> {
  const found = await mails.query({
    pk: keys.mail('').pk,
    descending: true,
    ...(to
      ? { filter: { expression: '#to = :to', names: { '#to': 'to' }, values: { ':to': to.toLowerCase() } } }
      : { limit }),
  });
  return found.slice(0, limit).map(({ ttl: _ttl, ...mail }) => mail);
}
