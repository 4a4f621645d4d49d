import { calendarDuplicateContracts } from '@shared/contracts/calendar-duplicates';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/calendar/duplicates for the days on screen. */
export const useDuplicates = (zone: string, from: string, to: string) =>
  useQuery({
    queryKey: queryKeys.company.postDuplicates(zone, from, to),
    queryFn: ({ signal }) => call(calendarDuplicateContracts.duplicates, { query: { zone, from, to }, signal }),
  });
