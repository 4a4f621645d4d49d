import { seoAuditContracts } from '@shared/contracts/seo-audit';
import type { IssueTab } from '@shared/schemas/seo-audit';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { auditKeys } from './audit-keys';
import { useAuditSource } from './audit-source';

export const useIssueReport = (auditId: string, tab: IssueTab) => {
  const { call } = useAuditSource();
  return useQuery({
    queryKey: auditKeys.issues(auditId, tab),
    queryFn: ({ signal }) => call(seoAuditContracts.issueReport, { params: { auditId }, query: { tab }, signal }),
  });
};

/** The pages behind one issue, 100 at a time; "Show more" asks for the next hundred. */
const ISSUE_PAGE_SIZE = 100;
export const useIssueDetail = (auditId: string, check: string, tab: IssueTab) => {
  const { call } = useAuditSource();
  return useInfiniteQuery({
    queryKey: auditKeys.issue(auditId, check, tab),
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      call(seoAuditContracts.issueDetail, {
        params: { auditId, check },
        query: { tab, offset: pageParam, limit: ISSUE_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
};
