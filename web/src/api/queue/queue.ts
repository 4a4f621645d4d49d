import { queueContracts } from '@shared/contracts/queue';
import type { QueuePlatform, QueueSettingsInput } from '@shared/schemas/queue';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { postKeys } from '@/api/posts/post-keys';
import { queueKeys } from './queue-keys';

/** What goes out next per platform (GET /api/queue); `zone` only names the defaults' zone until the company saves its own. */
const queueQueryOptions = (zone: string) =>
  queryOptions({
    queryKey: queueKeys.view(zone),
    queryFn: ({ signal }) => call(queueContracts.view, { query: { zone }, signal }),
  });
export const useQueue = (zone: string) => useQuery(queueQueryOptions(zone));

export const useQueueSettings = (zone: string) =>
  useQuery({
    queryKey: queueKeys.settings(zone),
    queryFn: ({ signal }) => call(queueContracts.settings, { query: { zone }, signal }),
  });

/** Any change to the queue moves posts: the calendar's and the queue's reads are asked again. */
function useQueueChange<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queueKeys.all }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]),
  });
}

export const useSaveQueueSettings = () =>
  useQueueChange((body: QueueSettingsInput) => call(queueContracts.saveSettings, { body }));

/** Add to queue: the post and its siblings, each in its platform's next free slot. */
export const useAddToQueue = () =>
  useQueueChange((input: { postIds: number[]; zone: string }) => call(queueContracts.add, { body: input }));

export const useReorderQueue = () =>
  useQueueChange((body: { platform: QueuePlatform; postIds: number[] }) => call(queueContracts.reorder, { body }));

export const useRemoveFromQueue = () =>
  useQueueChange((id: number) => call(queueContracts.remove, { params: { id: String(id) } }));
