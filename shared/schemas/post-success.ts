import { z } from 'zod/mini';
import { PLATFORMS } from '../platform-rules';

/** Spec 01 §8 "Post-success report": posts that went out, and those that failed, per local day and platform. */
export const POST_SUCCESS_STATUSES = ['published', 'failed'] as const;

const postSuccessRowSchema = z.object({
  /** The local day (YYYY-MM-DD) in the query's zone. */
  date: z.string(),
  platform: z.enum(PLATFORMS),
  status: z.enum(POST_SUCCESS_STATUSES),
  count: z.number(),
});
export type PostSuccessRow = z.infer<typeof postSuccessRowSchema>;

/** Rows only where a count is above zero, ordered by date, then platform, then status. */
export const postSuccessSchema = z.array(postSuccessRowSchema).check(z.meta({ title: 'PostSuccess' }));

/** Spec 01 §10: the dashboard's chart covers the 21 days ending today. */
export const POST_SUCCESS_DAYS = 21;
