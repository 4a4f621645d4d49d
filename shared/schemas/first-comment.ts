import { z } from 'zod/mini';

/**
 * A post's first comment as the post page shows it: its text and its own outcome, apart from
 * the post's (a comment that fails leaves the post published). Its own module and calls, so the
 * editors' first load carries none of it.
 */
export const FIRST_COMMENT_STATUSES = ['pending', 'sending', 'posted', 'failed'] as const;

export const firstCommentSchema = z.object({
  text: z.nullable(z.string()),
  status: z.nullable(z.enum(FIRST_COMMENT_STATUSES)),
  /** Why it was not posted, in a sentence. */
  error: z.nullable(z.string()),
  postedAt: z.nullable(z.string()),
  /** Whether the post's platform takes a first comment. */
  supported: z.boolean(),
  version: z.number(),
});
export type FirstComment = z.output<typeof firstCommentSchema>;

export const saveFirstCommentSchema = z.object({
  /** Empty removes it. The platform's limit is checked by the server (first-comment-rules.ts). */
  text: z.string().check(z.maxLength(10_000)),
  version: z.int().check(z.positive()),
});
export type SaveFirstCommentInput = z.input<typeof saveFirstCommentSchema>;
