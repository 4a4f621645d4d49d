import { seoContracts } from '@shared/contracts/seo';
import { compareTwo, reportedAudit } from '../../core/audit/audit-reads';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audits/{auditId}/comparison?with=: the Crawl comparison (404 when either has no report). */
export const compareSiteAudits = defineRoute(seoContracts.auditComparison, {
  access: 'company',
  handle: async ({ companyId, params, query }) =>
    ok(compareTwo(await reportedAudit(companyId, params.auditId), await reportedAudit(companyId, query.with))),
});
