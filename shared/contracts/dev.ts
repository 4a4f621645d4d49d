import { z } from 'zod/mini';
import { defineContract } from '../contract';
import { devClockAdvanceSchema, devClockSchema, devMailboxSchema } from '../schemas/dev';

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

/** Tests' tools, apart from devContracts so the web build, which never calls them, leaves them out. */
export const devTestContracts = {
  advanceClock: defineContract({
    method: 'POST',
    path: '/api/dev/clock',
    summary: 'Moves the clock schedules fall due by forward (embedded runtime only; tests bring a schedule due)',
    body: devClockAdvanceSchema,
    responses: { 200: devClockSchema },
  }),
};
