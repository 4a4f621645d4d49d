import { seoContracts } from '@shared/contracts/seo';
import { requirePaidPlan } from '../../core/billing/paid-plan';
import { freeAuditsLeft, recentAudits, startAudit } from '../../core/audit/audit-store';
import { auditRunOf } from '../../core/audit/report/seo-report';
import { accepted, defineRoute } from '../../core/http/route';
import { companyWebsite } from '../../core/audit/company-website';

/**
 * POST /api/seo/report/recheck: a new audit of the company's website. One free audit a month
 * (spec 02 §4); after that the paid-plan gate (402). One run at a time (409).
 */
export const recheck = defineRoute(seoContracts.recheck, {
  access: 'company',
  handle: async ({ companyId, user }) => {
    const website = await companyWebsite(companyId);
    const free = freeAuditsLeft(await recentAudits(companyId)) > 0;
    if (!free) await requirePaidPlan(companyId);
    return accepted(auditRunOf(await startAudit({ companyId, userId: user.id, website, free })));
  },
});
