import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { checkIdOf, issuePages, reportedAudit } from '../../core/audit/report/audit-reads';
import { defineRoute, ok } from '../../core/http/route';
import { assertMay } from '../../core/membership';

/** GET /api/seo/audits/{auditId}/issues/{check}?tab=: the pages behind an issue (404 for an unknown check). */
export const getIssueDetail = defineRoute(seoAuditContracts.issueDetail, {
  access: 'company',
  handle: async ({ companyId, role, params, query }) => {
    if (query.tab === 'off') assertMay(role, 'seo');
    const check = checkIdOf(params.check);
    const audit = await reportedAudit(companyId, params.auditId);
    return ok(await issuePages(companyId, audit, check, query.tab, query));
  },
});
