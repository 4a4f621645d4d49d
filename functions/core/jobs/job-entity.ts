import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';
import { watchIndex, watchShape } from './watch';

export const failureSchema = z.object({
  /** A user error's kind (its HTTP status), or 'crashed' for anything else. */
  kind: z.enum(['bad-request', 'invalid', 'conflict', 'upgrade-required', 'rate-limited', 'crashed']),
  message: z.string(),
  code: z.string().optional(),
});
export type JobFailure = z.infer<typeof failureSchema>;

const jobStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('running') }),
  z.object({ status: z.literal('succeeded'), result: z.unknown() }),
  z.object({ status: z.literal('failed'), error: failureSchema }),
]);
export type JobState = z.infer<typeof jobStateSchema>;

const jobItemSchema = z.object({
  uuid: z.string(),
  kind: z.string(),
  companyId: z.number(),
  userId: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
  /** The step a running job is on, for the progress the web shows. */
  step: z.string().optional(),
  state: jobStateSchema,
  ttl: z.number(),
  /** The kind's input, so the sweeper can start a job a dead process ran again (watch.ts). */
  input: z.unknown().optional(),
  ...watchShape,
});
export type JobItem = z.infer<typeof jobItemSchema>;

/**
 * JOB#<uuid>, on GSI2 in the company's JOB collection so the company cascade finds them, and
 * while it runs on GSI3 by its watch time, for the work sweeper.
 */
export const jobs = defineEntity({
  type: 'job',
  schema: jobItemSchema,
  key: (j) => keys.job(j.uuid),
  indexes: (j) => ({
    ...index.companyByDate(j.companyId, 'JOB', j.createdAt, j.uuid),
    ...(j.state.status === 'running' && j.watchUntil ? watchIndex('job', j.companyId, j.uuid, j.watchUntil) : {}),
  }),
});
