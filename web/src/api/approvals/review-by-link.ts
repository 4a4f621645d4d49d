import { reviewContracts } from '@shared/contracts/approval-review';
import type { ReviewerDecisionInput } from '@shared/schemas/approval-review';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

const reviewKey = (id: number, token: string) => ['review', id, token] as const;

/** GET /api/approvals/review/{id}?token=: the one post a review link shows, no account needed. */
export const useReview = (id: number, token: string) =>
  useQuery({
    queryKey: reviewKey(id, token),
    queryFn: ({ signal }) => call(reviewContracts.review, { params: { id: String(id) }, query: { token }, signal }),
    enabled: id > 0 && token !== '',
  });

/** POST /api/approvals/review/{id}: the decision; the answer (the link now spent) replaces the page's view. */
export function useDecideByLink(id: number, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ReviewerDecisionInput, 'token'>) =>
      call(reviewContracts.reviewDecide, { params: { id: String(id) }, body: { ...body, token } }),
    onSuccess: (view) => queryClient.setQueryData(reviewKey(id, token), view),
  });
}
