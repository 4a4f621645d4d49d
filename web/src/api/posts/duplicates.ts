import { calendarDuplicateContracts } from '@shared/contracts/calendar-duplicates';
import type { Post } from '@shared/schemas/calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { formatInZone } from '@/lib/format-date';
import { postKeys } from './post-keys';

/**
 * GET /api/calendar/duplicates for local days `from`..`to`: the posts that repeat a post scheduled
 * or published on their platform within a week. Under the posts' family, so any post change asks again.
 */
const duplicatesQueryOptions = (zone: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...postKeys.all, 'duplicates', zone, from, to] as const,
    queryFn: ({ signal }) => call(calendarDuplicateContracts.duplicates, { query: { zone, from, to }, signal }),
  });

/** The days on screen. */
export const useDuplicates = (zone: string, from: string, to: string) =>
  useQuery(duplicatesQueryOptions(zone, from, to));

/** The post's own local day: whether this post repeats another. */
export function usePostDuplicate(post: Post, zone: string) {
  const day = formatInZone(post.date, 'yyyy-MM-dd', zone);
  return useQuery({
    ...duplicatesQueryOptions(zone, day, day),
    select: (flags) => flags.find((flag) => flag.id === post.id),
  });
}
