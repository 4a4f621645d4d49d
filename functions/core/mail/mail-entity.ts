import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

export const storedMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});

/** MAILBOX / MAIL#<ulid>: the embedded runtime's dev mailbox, newest last (TTL a week). */
export const mails = defineEntity({
  type: 'mail',
  schema: storedMailSchema.extend({ ttl: z.number() }),
  key: (m) => keys.mail(m.id),
});
