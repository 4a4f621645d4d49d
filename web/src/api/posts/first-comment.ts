import { firstCommentContracts } from '@shared/contracts/first-comment';
import type { SaveFirstCommentInput } from '@shared/schemas/first-comment';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** Under the posts family: a post written anywhere asks for it again. */
const firstCommentKey = (id: number) => [...postKeys.all, 'first-comment', id] as const;

/** GET /api/calendar/{id}/first-comment, asked again every 2 s while it is on its way. */
export const useFirstComment = (id: number, following: boolean) =>
  useQuery({
    queryKey: firstCommentKey(id),
    queryFn: ({ signal }) => call(firstCommentContracts.get, { params: { id: String(id) }, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return following && (status === 'pending' || status === 'sending') ? 2000 : false;
    },
  });

/** PUT /api/calendar/{id}/first-comment: the post's version moves on, so its answers are asked again. */
export function useSaveFirstComment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveFirstCommentInput) => call(firstCommentContracts.save, { params: { id: String(id) }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType: 'all' }),
  });
}
