import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { compareTwo, reportedAudit } from '../../core/audit/report/audit-reads';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audits/{auditId}/comparison?with=: the Crawl comparison (404 when either has no report). */
export const compareAudits = defineRoute(seoAuditContracts.auditComparison, {
  access: 'company',
  handle: async ({ companyId, params, query }) =>
    ok(compareTwo(await reportedAudit(companyId, params.auditId), await reportedAudit(companyId, query.with))),
});
