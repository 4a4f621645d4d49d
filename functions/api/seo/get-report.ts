import { seoContracts } from '@shared/contracts/seo';
import { recentAudits, startAudit } from '../../core/audit/audit-store';
import { companyReport } from '../../core/audit/report/seo-report';
import { DomainError } from '../../core/errors';
import { defineRoute, ok } from '../../core/http/route';
import { companyWebsite } from '../../core/audit/company-website';

/**
 * GET /api/seo/report. A company that has never been audited gets its first (free) audit
 * started here, so the report exists without a button (the spec's Check Again appears only
 * once a report is finished); until it finishes the answer is "not finished".
 */
export const getReport = defineRoute(seoContracts.report, {
  access: 'company',
  handle: async ({ companyId, user }) => {
    const website = await companyWebsite(companyId);
    let recent = await recentAudits(companyId);
    if (!recent.length) {
      try {
        recent = [await startAudit({ companyId, userId: user.id, website, free: true })];
      } catch (error) {
        // Two first visits at once: the other one started it.
        if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
        recent = await recentAudits(companyId);
      }
    }
    return ok(await companyReport(companyId, website, recent));
  },
});
