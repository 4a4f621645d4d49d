import { z } from 'zod';

/** What a long-running start call answers (spec 02 §7 "Long-running jobs"). */
export const jobStartedSchema = z.object({ status: z.literal('running'), uuid: z.string() });
export type JobStarted = z.infer<typeof jobStartedSchema>;

export const jobStatusSchema = z.enum(['running', 'succeeded', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;
