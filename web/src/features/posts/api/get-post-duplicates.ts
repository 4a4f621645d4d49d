import { localParts } from '@shared/calendar-time';
import { calendarDuplicateContracts } from '@shared/contracts/calendar-duplicates';
import type { Post } from '@shared/schemas/calendar';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/calendar/duplicates for the post's own local day: whether this post repeats a post
 * scheduled or published on its platform within a week. Under the posts' family, so a save
 * asks again.
 */
export function usePostDuplicate(post: Post, zone: string) {
  const day = localParts(post.date, zone).day;
  return useQuery({
    queryKey: [...queryKeys.company.posts, 'duplicates', zone, day, day],
    queryFn: ({ signal }) =>
      call(calendarDuplicateContracts.duplicates, { query: { zone, from: day, to: day }, signal }),
    select: (flags) => flags.find((flag) => flag.id === post.id),
  });
}
