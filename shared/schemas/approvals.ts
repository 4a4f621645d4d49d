import { z } from 'zod/mini';
import { APPROVAL_STATES } from './approval-state';
import { postIdParams } from './calendar';

/**
 * Approvals: a company setting that makes a post need approval before it is scheduled or
 * published now. The approval sits beside the post's spec states (draft, scheduled...), never in
 * them: a company without the setting sees nothing change. The post answers only its approval's
 * state (approval-state.ts, small enough for the calendar's first load); the comments and the
 * decisions come from these calls.
 */

export const approvalMessages = {
  needsApproval: 'This post needs approval before it is scheduled or published. Ask for a review first.',
  approvalsOff: 'Approvals are off for this company. Turn them on in the settings first.',
  notReviewable: 'Only a draft or a failed post can be sent for review.',
  alreadyInReview: 'This post is already waiting for review.',
  notInReview: 'This post is not waiting for review.',
  ownReview:
    'You asked for this review, so someone else decides it: another member of the company, or a reviewer with a review link.',
  changedSinceOpened: 'This post changed since you opened it. Read it again, then decide.',
  commentRequired: 'Say what should change.',
  commentTooLong: 'A comment is at most 2000 characters.',
  nameTooLong: 'A name is at most 80 characters.',
  linkInvalid: 'This review link is not valid. Ask the sender for a new one.',
  linkUsed: 'This review link was already used. Ask the sender for a new one.',
  linkExpired: 'This review link has expired. Ask the sender for a new one.',
  linkOtherPost: 'This review link is for another post.',
  linkOutdated: 'This review link belongs to an earlier review of this post. Ask the sender for a new one.',
  /** To the asker making a link: their own link would be a way round the second pair of eyes. */
  ownLink:
    'You asked for this review, so a review link you make cannot decide it while another member can. Ask another member to decide it or to make the link.',
  /** To whoever opens such a link. */
  linkByAsker:
    'This review link was made by the person who asked for the review, so it cannot decide it. Ask another member of the company for a new link.',
  /** A link from before links recorded their maker: it might be the asker's, so it is taken for one. */
  linkMakerUnknown:
    'This review link was made before review links recorded who made them, so it cannot decide this review. Ask another member of the company for a new link.',
  linkNotFound: 'Review link not found',
} as const;

const MAX_COMMENT = 2000;
/** The comments a post keeps; the oldest go first. */
export const MAX_COMMENTS = 30;

const approvalState = z.enum(APPROVAL_STATES);
const comment = z.string().check(z.trim(), z.maxLength(MAX_COMMENT, approvalMessages.commentTooLong));

const approvalCommentSchema = z.object({
  /** The member's name, or the name an outside reviewer gave (else "Reviewer"). */
  by: z.string(),
  role: z.enum(['member', 'reviewer']),
  /** The state this entry moved the post to; null for a comment alone. */
  decision: z.nullable(approvalState),
  text: z.string(),
  at: z.string(),
});
export type ApprovalComment = z.output<typeof approvalCommentSchema>;

/** A post's approval as the post page shows it. */
export const postApprovalSchema = z.object({
  postId: z.number(),
  state: z.nullable(approvalState),
  /** Whether the company's setting asks for approval. */
  required: z.boolean(),
  /** Whether the caller may decide (a member who did not ask for this review). */
  canDecide: z.boolean(),
  /** Whether the caller may make a review link that can decide this review (not its asker while another member may). */
  canMakeLink: z.boolean(),
  /** Whether the caller may see and revoke the review's links (the content permission). */
  canManageLinks: z.boolean(),
  comments: z.array(approvalCommentSchema),
  version: z.number(),
});
export type PostApproval = z.output<typeof postApprovalSchema>;

/** The version the author or decider saw: a newer post is a 409, never a silent approval of unseen copy. */
const seenVersion = z.int().check(z.positive());

export const requestReviewSchema = z.object({ version: seenVersion, comment: z.optional(comment) });

export const decisionSchema = z
  .object({
    decision: z.enum(['approved', 'changes-requested']),
    comment: z._default(comment, ''),
    version: seenVersion,
  })
  .check(
    z.refine((d) => d.decision === 'approved' || d.comment.length > 0, {
      message: approvalMessages.commentRequired,
      path: ['comment'],
    }),
  );
export type DecisionInput = z.input<typeof decisionSchema>;

/** A new review link: the only answer that holds its secret (in `url`). */
export const reviewLinkSchema = z.object({ id: z.string(), url: z.string(), expiresAt: z.string() });

/** A live review link as members see it: never its secret, which only the answer that made it holds. */
const reviewLinkItemSchema = z.object({
  /** What members name it by: the start of its secret's hash. */
  id: z.string(),
  /** The member who made it; null for a link from before links recorded their maker. */
  madeBy: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type ReviewLinkItem = z.output<typeof reviewLinkItemSchema>;
export const reviewLinkListSchema = z.array(reviewLinkItemSchema);

export const reviewLinkParams = z.object({
  id: postIdParams.shape.id,
  linkId: z
    .string()
    .check(z.minLength(1, approvalMessages.linkNotFound), z.maxLength(64, approvalMessages.linkNotFound)),
});

export { type ReviewView } from './approval-review';
