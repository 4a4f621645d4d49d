import { z } from 'zod/mini';

/** One mail the embedded runtime "sent", as the dev mailbox lists it. */
const devMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.optional(z.string()),
  sentAt: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;

export const devMailboxSchema = z.object({ messages: z.array(devMailSchema) });

/** Moves the embedded runtime's clock forward, up to 30 days at a time. */
export const devClockAdvanceSchema = z.object({
  advanceSeconds: z.number().check(z.int(), z.minimum(1), z.maximum(30 * 86_400)),
});
export const devClockSchema = z.object({ now: z.string() });
