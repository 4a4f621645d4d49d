import { rootKeys } from '@/lib/query-keys';
import type { ListQuery, AuditList } from './get-audit-rows';
import type { IssueTab } from '@shared/schemas/seo-audit';

/** The website audit's views (GET /api/seo/audits*); `auditId` is an audit of the company or `latest`. */
export const auditKeys = {
  all: [...rootKeys.company, 'seo-audit'] as const,
  list: () => [...auditKeys.all, 'list'] as const,
  audit: (auditId: string) => [...auditKeys.all, auditId] as const,
  overview: (auditId: string) => [...auditKeys.audit(auditId), 'overview'] as const,
  issues: (auditId: string, tab: IssueTab) => [...auditKeys.audit(auditId), 'issues', tab] as const,
  issue: (auditId: string, check: string, tab: IssueTab) => [...auditKeys.audit(auditId), 'issue', check, tab] as const,
  rows: (auditId: string, list: AuditList, query: ListQuery) => [...auditKeys.audit(auditId), list, query] as const,
  comparison: (auditId: string, other: string) => [...auditKeys.audit(auditId), 'comparison', other] as const,
  settings: [...rootKeys.company, 'seo-audit-settings'] as const,
};
