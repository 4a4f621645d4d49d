import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { issueTab, reportedAudit } from '../../core/audit/audit-reads';
import { getAuditSettings } from '../../core/audit/audit-store';
import { defineRoute, ok } from '../../core/http/route';
import { assertCanConfigureAudit } from '../../core/membership';

/** GET /api/seo/audits/{auditId}/issues?tab=: one tab of the Issue report. */
export const getIssueReport = defineRoute(seoAuditContracts.issueReport, {
  access: 'company',
  handle: async ({ companyId, user, params, query }) => {
    // Turned off is the admins' and managers' tab (spec 02 §2); a client is refused it. Guests
    // reach this handler without a user, never with the Turned off tab (guest-access.ts).
    if (query.tab === 'off') await assertCanConfigureAudit(companyId, user.id);
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
