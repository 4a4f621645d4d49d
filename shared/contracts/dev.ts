import { z } from 'zod/mini';
import { defineContract } from '../contract';
import { devMailboxSchema } from '../schemas/dev';

/** Developer tools of the embedded runtime only. */
export const devContracts = {
  mailbox: defineContract({
    method: 'GET',
    path: '/api/dev/mailbox',
    summary: 'The dev mailbox: the newest 50 mails the app "sent" (embedded runtime only)',
    query: z.object({ to: z.optional(z.string().check(z.maxLength(320))) }),
    responses: { 200: devMailboxSchema },
  }),
};
