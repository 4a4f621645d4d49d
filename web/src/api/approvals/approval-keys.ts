import { rootKeys } from '@/lib/query-keys';

/**
 * Approvals outside the post family: the company's setting, and the one post a review link
 * shows to a reviewer with no account (not company-scoped). A post's own approval and review
 * links are post answers (postKeys).
 */
export const approvalKeys = {
  settings: [...rootKeys.company, 'approvals', 'settings'] as const,
  review: (id: number, token: string) => ['review', id, token] as const,
};
