import { seoAuditDownloadContracts } from '@shared/contracts/seo-audit-downloads';
import { reportedAudit } from '../../core/audit/report/audit-reads';
import { exportSitemap } from '../../core/audit/exports/audit-sitemap-export';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/seo/audits/{auditId}/sitemap: a sitemap of the audit's indexable pages, short-lived download addresses. */
export const generateAuditSitemap = defineRoute(seoAuditDownloadContracts.sitemap, {
  access: 'company',
  handle: async ({ companyId, params, body }) => {
    const audit = await reportedAudit(companyId, params.auditId);
    return ok(await exportSitemap(companyId, audit, body));
  },
});
