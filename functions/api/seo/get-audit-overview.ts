import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { auditOverview, reportedAudit } from '../../core/audit/report/audit-reads';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audits/{auditId}: the Overview (404 with the spec's "no report" sentence). */
export const getAuditOverview = defineRoute(seoAuditContracts.auditOverview, {
  access: 'company',
  handle: async ({ companyId, params }) =>
    ok(await auditOverview(companyId, await reportedAudit(companyId, params.auditId))),
});
