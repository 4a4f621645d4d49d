import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { issueTab, reportedAudit } from '../../core/audit/audit-reads';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audits/{auditId}/issues?tab=: one tab of the Issue report. */
export const getIssueReport = defineRoute(seoAuditContracts.issueReport, {
  access: 'company',
  handle: async ({ companyId, params, query }) => {
    const audit = await reportedAudit(companyId, params.auditId);
    return ok({ id: audit.id, tab: query.tab, issues: issueTab(audit, query.tab) });
  },
});
