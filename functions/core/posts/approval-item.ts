import { z } from 'zod';
import { APPROVAL_STATES } from '@shared/schemas/approval-state';

/**
 * A post's approval as stored on the post item (beside its spec status, never in it): written in
 * the same versioned put as the post, so an edit, a decision and a schedule cannot interleave.
 */
export const approvalItemSchema = z.object({
  state: z.enum(APPROVAL_STATES),
  /** Goes up with every request for review; a review link belongs to one round. */
  round: z.number().int(),
  /** The member who asked for this review: the author the decision is mailed to, who may not decide it. */
  requestedBy: z.number(),
  comments: z.array(
    z.object({
      by: z.string(),
      role: z.enum(['member', 'reviewer']),
      userId: z.number().optional(),
      decision: z.enum(APPROVAL_STATES).nullable(),
      text: z.string(),
      at: z.string(),
    }),
  ),
});
export type ApprovalItem = z.output<typeof approvalItemSchema>;
export type ApprovalCommentItem = ApprovalItem['comments'][number];
