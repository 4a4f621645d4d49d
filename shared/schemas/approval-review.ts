import { z } from 'zod/mini';
import { PLATFORMS } from '../platforms';

/**
 * The outside reviewer's calls (no account, the review link's token): a module apart from the
 * members' approval schemas and from the calendar's, so the public review page loads only these.
 * The sentences are the same as approvals.ts's (it re-exports these schemas).
 */
const MAX_COMMENT = 2000;
const MAX_REVIEWER_NAME = 80;
const messages = {
  linkInvalid: 'This review link is not valid. Ask the sender for a new one.',
  commentRequired: 'Say what should change.',
  commentTooLong: 'A comment is at most 2000 characters.',
  nameTooLong: 'A name is at most 80 characters.',
  postNotFound: 'Post not found',
};

// approval-state.ts's states, written out so the public page loads no other approvals module (a unit test keeps them equal).
const approvalState = z.enum(['in-review', 'approved', 'changes-requested']);
const comment = z.string().check(z.trim(), z.maxLength(MAX_COMMENT, messages.commentTooLong));
const seenVersion = z.int().check(z.positive());

export const reviewIdParams = z.object({
  id: z.pipe(
    z.string().check(z.regex(/^[1-9]\d{0,14}$/, messages.postNotFound)),
    z.transform((value: string) => Number(value)),
  ),
});

const reviewCommentSchema = z.object({
  by: z.string(),
  role: z.enum(['member', 'reviewer']),
  decision: z.nullable(approvalState),
  text: z.string(),
  at: z.string(),
});

/** A review link's token: `<companyId>.<secret>`. */
const token = z.string().check(z.minLength(1, messages.linkInvalid), z.maxLength(200, messages.linkInvalid));

export const reviewerDecisionSchema = z
  .object({
    token,
    decision: z.enum(['approved', 'changes-requested']),
    comment: z._default(comment, ''),
    name: z._default(z.string().check(z.trim(), z.maxLength(MAX_REVIEWER_NAME, messages.nameTooLong)), ''),
    version: seenVersion,
  })
  .check(
    z.refine((d) => d.decision === 'approved' || d.comment.length > 0, {
      message: messages.commentRequired,
      path: ['comment'],
    }),
  );
export type ReviewerDecisionInput = z.input<typeof reviewerDecisionSchema>;

export const reviewQuerySchema = z.object({ token });

/** What an outside reviewer sees: the one post the link is for, and nothing else of the company. */
export const reviewViewSchema = z.object({
  companyName: z.string(),
  post: z.object({
    id: z.number(),
    platform: z.enum(PLATFORMS),
    subject: z.nullable(z.string()),
    content: z.string(),
    scheduledAt: z.nullable(z.string()),
    media: z.array(z.object({ type: z.string(), url: z.string() })),
    version: z.number(),
  }),
  state: z.nullable(approvalState),
  comments: z.array(reviewCommentSchema),
  /** Whether the link can still decide (unused, in time, and the post waiting for review). */
  open: z.boolean(),
  expiresAt: z.string(),
});
export type ReviewView = z.output<typeof reviewViewSchema>;
