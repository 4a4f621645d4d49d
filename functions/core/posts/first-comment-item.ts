import { z } from 'zod';
import { FIRST_COMMENT_STATUSES } from '@shared/schemas/first-comment';

/**
 * A post's first comment as stored on the post item, written in the post's versioned puts like
 * its claim: `pending` until the post is published, `sending` while a run holds it (until
 * `leaseUntil`; `since` is when the first attempt began, what a lookup accepts comments from),
 * then `posted` or `failed`.
 */
export const firstCommentItemSchema = z.object({
  text: z.string(),
  status: z.enum(FIRST_COMMENT_STATUSES),
  externalId: z.string().nullable(),
  error: z.string().nullable(),
  since: z.string().nullable(),
  leaseUntil: z.string().nullable(),
  /** The embedded runtime's boot holding the lease: dead at once after a restart (jobs/watch.ts). */
  leaseBoot: z.string().nullable().optional(),
  postedAt: z.string().nullable(),
});
export type FirstCommentItem = z.output<typeof firstCommentItemSchema>;
