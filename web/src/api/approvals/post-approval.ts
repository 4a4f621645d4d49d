import { approvalContracts } from '@shared/contracts/approvals';
import type { DecisionInput } from '@shared/schemas/approvals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { postKeys } from '@/api/posts/post-keys';

/** Under the posts family: every post write asks for it again with the post. */
const approvalKey = (id: number) => [...postKeys.all, 'approval', id] as const;

/** GET /api/approvals/posts/{id}: the state, the comments and whether this member may decide. */
export const usePostApproval = (id: number) =>
  useQuery({
    queryKey: approvalKey(id),
    queryFn: ({ signal }) => call(approvalContracts.postApproval, { params: { id: String(id) }, signal }),
  });

/** Every approval write changes the post (its version and state): the post answers are asked again. */
function useApprovalWrite<T>(write: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType: 'all' }),
  });
}

export const useRequestReview = (id: number) =>
  useApprovalWrite((body: { version: number; comment?: string }) =>
    call(approvalContracts.request, { params: { id: String(id) }, body }),
  );

export const useDecide = (id: number) =>
  useApprovalWrite((body: DecisionInput) => call(approvalContracts.decide, { params: { id: String(id) }, body }));

export const useReviewLink = (id: number) =>
  useMutation({ mutationFn: () => call(approvalContracts.link, { params: { id: String(id) } }) });
