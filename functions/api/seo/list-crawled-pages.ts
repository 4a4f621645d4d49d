import { seoAuditContracts } from '@shared/contracts/seo-audit';
import type { PageRow } from '@shared/schemas/seo-audit';
import { auditList, reportedAudit } from '../../core/audit/report/audit-reads';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audits/{auditId}/pages: the Crawled pages table. */
export const listCrawledPages = defineRoute(seoAuditContracts.crawledPages, {
  access: 'company',
  handle: async ({ companyId, params, query }) => {
    const audit = await reportedAudit(companyId, params.auditId);
    return ok(
      await auditList<PageRow>(
        companyId,
        audit,
        'pages',
        query,
        (row) => !query.indexability || row.indexability === query.indexability,
      ),
    );
  },
});
