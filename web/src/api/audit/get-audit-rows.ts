import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { auditKeys } from './audit-keys';
import { useAuditSource } from './audit-source';

export type AuditList = 'pages' | 'links' | 'resources';
/** A list's sort and filters as the API takes them (strings from the address bar). */
export interface ListQuery {
  sort: string;
  order: 'asc' | 'desc';
  search?: string;
  status?: string;
  indexability?: string;
  type?: string;
  nofollow?: string;
}

/** The API's page size is at most 500 rows; the table asks for the next page as it scrolls near the end. */
const LIST_PAGE_SIZE = 500;
const listContract = {
  pages: seoAuditContracts.crawledPages,
  links: seoAuditContracts.foundLinks,
  resources: seoAuditContracts.foundResources,
} as const;

export function useAuditRows(auditId: string, list: AuditList, query: ListQuery) {
  const { call } = useAuditSource();
  return useInfiniteQuery({
    queryKey: auditKeys.rows(auditId, list, query),
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) =>
      // The three lists share their paging, sort and filter parameters; each contract checks its own.
      call(listContract[list] as typeof seoAuditContracts.crawledPages, {
        params: { auditId },
        query: { ...query, offset: pageParam, limit: LIST_PAGE_SIZE } as never,
        signal,
      }),
    getNextPageParam: (last) => {
      const next = last.offset + last.rows.length;
      return next < last.total ? next : undefined;
    },
  });
}
