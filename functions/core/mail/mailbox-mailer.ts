import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { table, tableName, ttlIn } from '../table/client';
import { keys } from '../table/keys';
import { z } from 'zod';
import type { MailMessage, Mailer } from './mail-port';
import { config } from '../config';

/** Dev mail is kept a week: long enough to find a link, short enough not to pile up. */
const MAILBOX_TTL_SECONDS = 7 * 24 * 3600;

/** Parsing drops the table's own attributes (keys, type, ttl) and checks the item's shape. */
const storedMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});
export type StoredMail = z.infer<typeof storedMailSchema> & MailMessage;

export const mailboxMailer: Mailer = {
  async send(message) {
    const id = ulid();
    await table().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.mail(id),
          type: 'mail',
          id,
          from: config.mailFrom,
          sentAt: new Date().toISOString(),
          ...message,
          ttl: ttlIn(MAILBOX_TTL_SECONDS),
        },
      }),
    );
  },
};

/** Newest first; ULIDs sort by time, so the sort key order is the send order. */
export async function listMailbox(limit = 50, to?: string): Promise<StoredMail[]> {
  const out = await table().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.mail('').pk, ...(to ? { ':to': to.toLowerCase() } : {}) },
      ...(to ? { FilterExpression: '#to = :to', ExpressionAttributeNames: { '#to': 'to' } } : {}),
      ScanIndexForward: false,
      Limit: to ? undefined : limit,
    }),
  );
  return (out.Items ?? []).slice(0, limit).map((item) => storedMailSchema.parse(item));
}
