import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { issueTab, reportedAudit } from '../../core/audit/audit-reads';
import { getAuditSettings } from '../../core/audit/audit-settings-store';
import { defineRoute, ok } from '../../core/http/route';
import { canConfigureAudit } from '@shared/company-roles';
import { assertCanConfigureAudit, memberRole } from '../../core/membership';

/** GET /api/seo/audits/{auditId}/issues?tab=: one tab of the Issue report. */
export const getIssueReport = defineRoute(seoAuditContracts.issueReport, {
  access: 'company',
  handle: async ({ companyId, user, params, query }) => {
    // Turned off is the admins' and managers' tab (spec 02 §2); a client is refused it. Guests
    // reach this handler without a user, never with the Turned off tab (guest-access.ts).
    if (query.tab === 'off') await assertCanConfigureAudit(companyId, user.id);
    // A guest's call comes without a user (guest-access.ts), whatever the type says.
    const viewer = user as typeof user | undefined;
    const [audit, settings, role] = await Promise.all([
      reportedAudit(companyId, params.auditId),
      getAuditSettings(companyId),
      viewer ? memberRole(companyId, viewer.id) : undefined,
    ]);
    return ok({
      id: audit.id,
      tab: query.tab,
      issues: issueTab(audit, query.tab),
      // So the report can say which checks are already off from the next audit; only to those who
      // may turn them off (guests get none either).
      disabledChecks: viewer && canConfigureAudit(role) ? (settings.disabledChecks ?? []) : [],
    });
  },
});
