import { postSuccessContracts } from '@shared/contracts/post-success';
import { POST_SUCCESS_DAYS } from '@shared/schemas/post-success';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
// Intl, not @/lib/dates: the dashboard downloads no TZDate for one "today" (see post-list-card.tsx).
import { formatInZone, viewerZone } from '@/lib/format-date';
import { postKeys } from './post-keys';

/** Local days `from`..`to` (both included, 'yyyy-MM-dd') in an IANA zone: what the report is asked for. */
export interface DayRange {
  zone: string;
  from: string;
  to: string;
}

/** A calendar day moved by whole days ('2026-03-01', -1 → '2026-02-28'): day arithmetic, no zone involved. */
function shiftDay(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysOf({ from, to }: Pick<DayRange, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) days.push(day);
  return days;
}

/** Spec 01 §10 "Post-success chart": the 21 local days ending today in the viewer's zone. */
export function postSuccessRange(zone = viewerZone(), now = new Date()): DayRange {
  const to = formatInZone(now, 'yyyy-MM-dd', zone);
  return { zone, from: shiftDay(to, -(POST_SUCCESS_DAYS - 1)), to };
}

/**
 * GET /api/reports/post-success: published and failed posts per local day and platform. Kept under
 * the posts family, so a post written or changed (and a company switch) asks for it again.
 */
const postSuccessQueryOptions = ({ zone, from, to }: DayRange) =>
  queryOptions({
    queryKey: [...postKeys.all, 'post-success', zone, from, to] as const,
    queryFn: ({ signal }) => call(postSuccessContracts.postSuccess, { query: { zone, from, to }, signal }),
  });

export const usePostSuccess = (range: DayRange) => useQuery(postSuccessQueryOptions(range));
