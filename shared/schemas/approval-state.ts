/**
 * A post's approval state, the one part of approvals every post answers (the calendar chip shows
 * it): a module of its own so the calendar's and the editors' first load carry three words, not
 * the approval calls' schemas (approvals.ts).
 */
export const APPROVAL_STATES = ['in-review', 'approved', 'changes-requested'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_LABELS: Record<ApprovalState, string> = {
  'in-review': 'In review',
  approved: 'Approved',
  'changes-requested': 'Changes requested',
};
