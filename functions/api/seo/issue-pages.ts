import { seoContracts } from '@shared/contracts/seo';
import { isSeoCheckId, seoCheck } from '@shared/seo-checks';
import { loadIssueUrls } from '../../core/audit/audit-objects';
import { latestReported, recentAudits } from '../../core/audit/audit-store';
import { notFound } from '../../core/errors';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/report/issues/{check}: the pages behind one line of the report (the reported audit's). */
export const issuePages = defineRoute(seoContracts.issuePages, {
  access: 'company',
  handle: async ({ companyId, params, query }) => {
    if (!isSeoCheckId(params.check)) throw notFound('This check does not exist.');
    const audit = latestReported(await recentAudits(companyId));
    if (!audit) throw notFound('No report available right now. Please check back later');
    const urls = audit.result?.checks[params.check]?.count
      ? await loadIssueUrls(companyId, audit.id, params.check)
      : [];
    return ok({
      check: params.check,
      name: seoCheck(params.check).name,
      total: urls.length,
      urls: urls.slice(0, query.limit),
    });
  },
});
