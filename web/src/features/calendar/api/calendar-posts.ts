import { calendarContracts } from '@shared/contracts/calendar';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { parseRouteDate, toRouteDate, viewerZone } from '@/lib/dates';
import { queryKeys } from '@/lib/query-keys';
import { visibleDays } from '../calendar-range';

/** GET /api/calendar/list/range: the posts on local days `from`..`to` in the viewer's zone. */
export const postRangeQueryOptions = (zone: string, from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.company.postRange(zone, from, to),
    queryFn: ({ signal }) => call(calendarContracts.range, { query: { zone, from, to }, signal }),
  });

export const usePostRange = (zone: string, from: string, to: string) => useQuery(postRangeQueryOptions(zone, from, to));

/** DELETE /api/calendar/delete/scheduled for the days on screen; every post answer is asked again. */
export function useDeleteScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (range: { zone: string; from: string; to: string }) =>
      call(calendarContracts.deleteScheduled, { body: range }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.company.posts }),
  });
}

/** The range a calendar address shows, for the route loader: the same days the page asks for. */
export function calendarPageQueryOptions(params: Record<string, string | undefined>) {
  const zone = viewerZone();
  const date = parseRouteDate(params.date, zone);
  const days = visibleDays(
    date,
    params.type === 'week' ? 'week' : 'month',
    params.view === 'list' ? 'list' : 'calendar',
  );
  return postRangeQueryOptions(zone, toRouteDate(days[0] ?? date), toRouteDate(days[days.length - 1] ?? date));
}
