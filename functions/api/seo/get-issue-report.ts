import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { issueTab, reportedAudit } from '../../core/audit/report/audit-reads';
import { getAuditSettings } from '../../core/audit/audit-settings-store';
import { defineRoute, ok } from '../../core/http/route';
import { roleMay } from '@shared/permissions';
import { assertMay } from '../../core/membership';

/** GET /api/seo/audits/{auditId}/issues?tab=: one tab of the Issue report. */
export const getIssueReport = defineRoute(seoAuditContracts.issueReport, {
  access: 'company',
  handle: async ({ companyId, role, params, query }) => {
    // Turned off is the admins' and managers' tab (spec 02 §2); a client is refused it. Guests
    // reach this handler without a role, never with the Turned off tab (guest-access.ts).
    if (query.tab === 'off') assertMay(role, 'seo');
    // A guest's call comes without a role (guest-access.ts), whatever the type says.
    const viewer = role as typeof role | undefined;
    const [audit, settings] = await Promise.all([
      reportedAudit(companyId, params.auditId),
      getAuditSettings(companyId),
    ]);
    return ok({
      id: audit.id,
      tab: query.tab,
      issues: issueTab(audit, query.tab),
      // So the report can say which checks are already off from the next audit; only to those who
      // may turn them off (guests get none either).
      disabledChecks: viewer && roleMay(viewer, 'seo') ? (settings.disabledChecks ?? []) : [],
    });
  },
});
