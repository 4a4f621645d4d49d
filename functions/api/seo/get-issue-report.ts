import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { issueTab, reportedAudit } from '../../core/audit/audit-reads';
import { getAuditSettings } from '../../core/audit/audit-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audits/{auditId}/issues?tab=: one tab of the Issue report. */
export const getIssueReport = defineRoute(seoAuditContracts.issueReport, {
  access: 'company',
  handle: async ({ companyId, params, query }) => {
    const [audit, settings] = await Promise.all([
      reportedAudit(companyId, params.auditId),
      getAuditSettings(companyId),
    ]);
    return ok({
      id: audit.id,
      tab: query.tab,
      issues: issueTab(audit, query.tab),
      // So the report can say which checks are already off from the next audit.
      disabledChecks: settings.disabledChecks ?? [],
    });
  },
});
