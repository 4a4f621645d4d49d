import { calendarContracts } from '@shared/contracts/calendar';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** GET /api/calendar/list/range: the posts on local days `from`..`to` in the viewer's zone. */
export const postRangeQueryOptions = (zone: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...postKeys.all, 'range', zone, from, to] as const,
    queryFn: ({ signal }) => call(calendarContracts.range, { query: { zone, from, to }, signal }),
  });

export const usePostRange = (zone: string, from: string, to: string) => useQuery(postRangeQueryOptions(zone, from, to));

/** DELETE /api/calendar/delete/scheduled for the days on screen; every post answer is asked again. */
export function useDeleteScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (range: { zone: string; from: string; to: string }) =>
      call(calendarContracts.deleteScheduled, { body: range }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
