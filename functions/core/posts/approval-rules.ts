import { approvalMessages } from '@shared/schemas/approvals';
import type { PostAction } from '@shared/schemas/calendar';
import { invalid } from '../errors';
import type { PostItem } from './post-entity';

/** What a reviewer approved: the words, files and first comment the platform would get. */
const sameCopy = (a: PostItem, b: PostItem) =>
  a.subject === b.subject &&
  a.content === b.content &&
  a.files.join(',') === b.files.join(',') &&
  (a.firstComment?.text ?? null) === (b.firstComment?.text ?? null);

/** The entry an edit after approval leaves among the comments. */
export const EDITED_AFTER_APPROVAL = 'Edited after it was approved, so it is back in review.';

/**
 * The approval rules of one post write, where the company asks for approvals (pure; post-store
 * applies it to every create and edit):
 * - a post becomes scheduled (Schedule, Publish Now, a move) only while approved (422);
 * - a change to its copy or files after approval puts it back in review, asked for by whoever
 *   made the change (`editorId`: so the editor cannot approve their own edit, in the app or by a
 *   link), and a scheduled post whose copy changed without approval goes back to draft (its time
 *   kept), so nothing unapproved waits to be published.
 * Changing only the time keeps the approval: the reviewer approved the words and files.
 */
export function applyApprovalRules(
  current: PostItem | undefined,
  next: PostItem,
  action: PostAction,
  required: boolean,
  now: Date,
  editorId: number,
): PostItem {
  if (!required) return next;
  let result = next;
  const edited = current !== undefined && !sameCopy(current, next);
  if (edited && current.approval?.state === 'approved') {
    const approval = current.approval;
    result = {
      ...result,
      approval: {
        ...approval,
        state: 'in-review',
        round: approval.round + 1,
        requestedBy: editorId,
        comments: [
          ...approval.comments,
          { by: 'Edit', role: 'member', decision: 'in-review', text: EDITED_AFTER_APPROVAL, at: now.toISOString() },
        ],
      },
    };
  }
  if (result.status !== 'scheduled') return result;
  const approved = result.approval?.state === 'approved';
  const keptAsScheduled = action === 'save' && current?.status === 'scheduled';
  if (!keptAsScheduled) {
    if (!approved) throw invalid(approvalMessages.needsApproval);
    return result;
  }
  if (edited && !approved) {
    return { ...result, status: 'draft', publish: false, date: result.scheduledAt ?? result.date };
  }
  return result;
}
