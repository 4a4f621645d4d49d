import { calendarDuplicateContracts } from '@shared/contracts/calendar-duplicates';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/calendar/duplicates for the days on screen. */
export const useDuplicates = (zone: string, from: string, to: string) =>
  useQuery({
    // Under the posts' family, so any post change asks again; kept out of lib/query-keys.ts, which every page loads.
    queryKey: [...queryKeys.company.posts, 'duplicates', zone, from, to],
    queryFn: ({ signal }) => call(calendarDuplicateContracts.duplicates, { query: { zone, from, to }, signal }),
  });
