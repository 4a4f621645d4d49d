import { z } from 'zod/mini';

/**
 * What a long-running start call answers (202), and what polling answers while the job runs
 * (spec 02 §7 "Long-running jobs"). `step` says which step a running job is on, for progress.
 */
export const jobRunningSchema = z.object({
  status: z.literal('running'),
  uuid: z.string(),
  step: z.optional(z.string()),
});
type JobRunning = z.infer<typeof jobRunningSchema>;
/**
 * The start call's answer is the first "running": a second name, so a contract says which answer it means.
 * @alias
 */
export const jobStartedSchema = jobRunningSchema;
export type JobStarted = JobRunning;
