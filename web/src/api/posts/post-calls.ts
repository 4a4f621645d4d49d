import { postContracts } from '@shared/contracts/posts';
import type { CreatePostInput, Post, UpdatePostInput } from '@shared/schemas/calendar';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** GET /api/calendar/{id}/with-siblings: the post being edited and its group. */
const postWithSiblingsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: postKeys.withSiblings(id),
    queryFn: ({ signal }) => call(postContracts.withSiblings, { params: { id: String(id) }, signal }),
  });

/** A post on its way to a platform (Publish Now, or in progress): asked again until it lands. */
const isPublishing = (post: Pick<Post, 'status' | 'publish'>) =>
  post.status === 'in-progress' || (post.status === 'scheduled' && post.publish);

/** The post page follows a publish live: every 2 s while the post is on its way, then no more. */
export const usePostWithSiblings = (id: number) =>
  useQuery({
    ...postWithSiblingsQueryOptions(id),
    enabled: id > 0,
    refetchInterval: (query) => (query.state.data && isPublishing(query.state.data.post) ? 2000 : false),
  });

/** POST /api/calendar: one post per platform; the calendar and dashboard lists are asked again. */
export function useCreatePosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostInput) => call(postContracts.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}

/** PATCH /api/calendar/{id} with the version the editor loaded (a newer one on the server is a 409). */
export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePostInput }) =>
      call(postContracts.update, { params: { id: String(id) }, body }),
    onSuccess: (post: Post) =>
      queryClient.invalidateQueries({ queryKey: postKeys.all, refetchType: 'all' }).then(() => post),
  });
}
