import { postRangeQueryOptions } from '@/api/posts/calendar-posts';
import { parseRouteDate, toRouteDate, viewerZone } from '@/lib/dates';
import { visibleDays } from './calendar-range';

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
