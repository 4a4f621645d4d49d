import { calendarContracts } from '@shared/contracts/calendar';
import { DEFAULT_LIST_LIMIT } from '@shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** Scheduled Content (GET /api/calendar/latest) and Recently Published (GET /api/calendar/recent), 10 each. */
const dashboardPostsQueryOptions = (kind: 'latest' | 'recent') =>
  queryOptions({
    queryKey: [...postKeys.all, kind, DEFAULT_LIST_LIMIT] as const,
    queryFn: ({ signal }) => call(calendarContracts[kind], { query: { limit: String(DEFAULT_LIST_LIMIT) }, signal }),
  });

export const useDashboardPosts = (kind: 'latest' | 'recent') => useQuery(dashboardPostsQueryOptions(kind));
