import { feedContracts } from '@shared/contracts/feeds';
import { feedPollResultSchema, type AddFeed } from '@shared/schemas/feeds';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useJob } from '@/lib/use-job';
import { importKeys } from './import-keys';
import { postKeys } from '@/api/posts/post-keys';

/** Company-scoped (switching companies drops it); kept out of lib/query-keys.ts, which every page loads. */
const feedsKey = importKeys.feeds;

const feedsQueryOptions = () =>
  queryOptions({
    queryKey: feedsKey,
    queryFn: ({ signal }) => call(feedContracts.list, { signal }),
  });

export const useFeeds = () => useQuery(feedsQueryOptions());

/** POST /api/feeds: the server reads the feed once before it answers. */
export function useAddFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddFeed) => call(feedContracts.add, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedsKey }),
  });
}

export function useRemoveFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(feedContracts.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedsKey }),
  });
}

/** POST /api/feeds/{id}/poll as a job: the drafts are on the calendar when it answers. */
export function useCheckFeed() {
  const queryClient = useQueryClient();
  const job = useJob(feedPollResultSchema);
  const run = (id: string) =>
    job
      .mutateAsync(() => call(feedContracts.poll, { params: { id } }))
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: feedsKey });
        void queryClient.invalidateQueries({ queryKey: postKeys.all });
      });
  return { ...job, run };
}
