import { approvalContracts } from '@shared/contracts/approvals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { postKeys } from '@/api/posts/post-keys';

/**
 * Under the post's approval, in the posts family: a new review round (asked again, or an edit
 * after approval) ends the old round's links, and every post write asks for this again.
 */
const linksKey = (id: number) => [...postKeys.all, 'approval', id, 'links'] as const;

/** GET /api/approvals/posts/{id}/links: the review's live links, for members who may change content. */
export const useReviewLinks = (id: number) =>
  useQuery({
    queryKey: linksKey(id),
    queryFn: ({ signal }) => call(approvalContracts.links, { params: { id: String(id) }, signal }),
  });

/** After a link is made (approval-calls' useReviewLink): the list is asked again, with it. */
export function useRefreshReviewLinks(id: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: linksKey(id) });
}

/** DELETE /api/approvals/posts/{id}/links/{linkId}: the list is asked again whatever the answer. */
export function useRevokeReviewLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => call(approvalContracts.revokeLink, { params: { id: String(id), linkId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: linksKey(id) }),
  });
}
