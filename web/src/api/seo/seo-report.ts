import { seoContracts } from '@shared/contracts/seo';
import type { SeoReport } from '@shared/schemas/seo';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LRP_POLL_INTERVAL_MS } from '@shared/constants';
import { call } from '@/lib/api-client';
import { seoKeys } from './seo-keys';

export const auditInProgress = (report: SeoReport | undefined) =>
  report?.audit?.status === 'running' || report?.audit?.status === 'stopping';

/** GET /api/seo/report, asked again every 3 s while an audit runs so its counters move. */
const seoReportQueryOptions = () =>
  queryOptions({
    queryKey: seoKeys.report,
    queryFn: ({ signal }) => call(seoContracts.report, { signal }),
    refetchInterval: (query) => (auditInProgress(query.state.data) ? LRP_POLL_INTERVAL_MS : false),
  });

export const useSeoReport = (enabled: boolean) => useQuery({ ...seoReportQueryOptions(), enabled });

/** The pages behind one issue of the report, fetched when the user opens them. */
export const useIssuePages = (check: string, enabled: boolean) =>
  useQuery({
    queryKey: seoKeys.issue(check),
    queryFn: ({ signal }) => call(seoContracts.issuePages, { params: { check }, query: { limit: 100 }, signal }),
    enabled,
  });

/** Check Again (POST /api/seo/report/recheck) and Stop: the report is asked again at once. */
export function useAuditActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: seoKeys.report });
  const recheck = useMutation({ mutationFn: () => call(seoContracts.recheck), onSettled: refresh });
  const stop = useMutation({ mutationFn: () => call(seoContracts.stop), onSettled: refresh });
  return { recheck, stop };
}

/** Whether the company has proven its website is theirs (audits beyond the polite limits need it). */
export const useSiteOwnership = (enabled: boolean) =>
  useQuery({
    queryKey: seoKeys.ownership,
    queryFn: ({ signal }) => call(seoContracts.siteOwnership, { signal }),
    enabled,
  });

/** Asks the server to look for the file, the meta tag or the Search Console property. */
export function useProveSiteOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(seoContracts.proveSiteOwnership),
    onSuccess: (ownership) => queryClient.setQueryData(seoKeys.ownership, ownership),
  });
}
