import { z } from 'zod';
import type { PublishProgress } from '../integrations/platform-client';

/** What starts publish-post.asl.json: a schedule firing, Publish Now, or a retry. */
export interface PublishInput {
  companyId: number;
  postId: number;
  /** Why it started (`schedule`, `now`, `retry`); for the execution history only. */
  trigger?: string;
}

/** Where the workflow goes next; its Choice state routes on this. */
type PublishNext = 'skip' | 'advance' | 'wait' | 'send' | 'retry' | 'done' | 'fail' | 'comment';

/**
 * The workflow's state between steps (`$.run`): small JSON, never a token. `since` is when the
 * post was claimed: a lookup after an unknown outcome only accepts posts made after it.
 */
export interface PublishRun {
  next: PublishNext;
  since?: string;
  progress?: PublishProgress | null;
  /** Container polls so far (a video that never finishes fails after MAX_POLLS). */
  polls?: number;
  /** Create attempts so far. */
  attempts?: number;
  /** The last create call's outcome is unknown: look the post up before creating again. */
  unknown?: boolean;
  /** For `wait` and `retry`: seconds the Wait state waits. */
  waitSeconds?: number;
  /** For `fail`: the sentence the calendar's red dot shows. */
  message?: string;
  /** The post's version this run's claim holds; a step that finds another one stops (it was taken over). */
  claimedVersion?: number;
  /** The post is published and Send now posts its first comment (first-comment-step.ts). */
  phase?: 'comment';
}

const progressSchema: z.ZodType<PublishProgress> = z.object({
  items: z.array(z.string()).optional(),
  parent: z.string().optional(),
  uploaded: z.array(z.string()).optional(),
});

/** What the publish workers are given, parsed before they act (functions/core/jobs/worker-handler.ts). */
export const publishInputSchema = z.object({
  companyId: z.number().int(),
  postId: z.number().int(),
  trigger: z.string().optional(),
});

export const publishRunSchema: z.ZodType<PublishRun> = z.object({
  next: z.enum(['skip', 'advance', 'wait', 'send', 'retry', 'done', 'fail', 'comment']),
  since: z.string().optional(),
  progress: progressSchema.nullable().optional(),
  polls: z.number().optional(),
  attempts: z.number().optional(),
  unknown: z.boolean().optional(),
  waitSeconds: z.number().optional(),
  message: z.string().optional(),
  claimedVersion: z.number().optional(),
  phase: z.literal('comment').optional(),
});

export const publishStateSchema = publishInputSchema.extend({ run: publishRunSchema });
