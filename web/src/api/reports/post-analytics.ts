import { postAnalyticsContracts } from '@shared/contracts/post-analytics';
import type { TopPostSort } from '@shared/schemas/post-analytics';
import { useQuery } from '@tanstack/react-query';
import { usePaidPlan } from '@/api/billing/paid-plan';
import { call, isUpgradeRequired } from '@/lib/api-client';
import { reportKeys } from './report-keys';
import type { ReportDays } from './reports';

/**
 * Per-post analytics and best times, behind the paid plan as scheduling is. Nothing is asked while
 * the plan is known not to include them: a page that only reads should not open the upgrade prompt
 * by itself. `locked` is true then, and for a 402 that comes anyway (a plan that lapsed meanwhile).
 */
function usePaidQuery<T>(
  query: { queryKey: readonly unknown[]; queryFn: (c: { signal: AbortSignal }) => Promise<T> },
  enabled = true,
) {
  const paid = usePaidPlan();
  const answer = useQuery({ ...query, enabled: enabled && paid.data === true });
  const locked = paid.data === false || isUpgradeRequired(answer.error);
  return {
    data: answer.data,
    locked,
    isPending: !locked && (paid.isPending || answer.isPending),
    error: locked ? null : (paid.error ?? answer.error),
  };
}

/** GET /api/reports/posts/{id}: a published post's readings over its first 30 days. */
export const usePostFigures = (postId: number, enabled: boolean) =>
  usePaidQuery(
    {
      queryKey: reportKeys.postFigures(postId),
      queryFn: ({ signal }) => call(postAnalyticsContracts.postFigures, { params: { id: String(postId) }, signal }),
    },
    enabled,
  );

/** GET /api/reports/top-posts: every platform's best posts of the days, by `sort` (the table's column). */
export const useTopPosts = ({ from, to }: ReportDays, sort: TopPostSort) =>
  usePaidQuery({
    queryKey: reportKeys.topPosts(from, to, sort),
    queryFn: ({ signal }) => call(postAnalyticsContracts.topPosts, { query: { from, to, sort }, signal }),
  });

/** GET /api/reports/best-times in the zone the times are shown in. */
export const useBestTimes = (zone: string) =>
  usePaidQuery({
    queryKey: reportKeys.bestTimes(zone),
    queryFn: ({ signal }) => call(postAnalyticsContracts.bestTimes, { query: { zone }, signal }),
  });
