import { seoAuditDownloadContracts } from '@shared/contracts/seo-audit-downloads';
import { reportedAudit } from '../../core/audit/report/audit-reads';
import { exportReport } from '../../core/audit/exports/audit-report-export';
import { defineRoute, ok } from '../../core/http/route';

/** POST /api/seo/audits/{auditId}/report-download: the report as CSV or XLSX, a short-lived download address. */
export const downloadAuditReport = defineRoute(seoAuditDownloadContracts.reportDownload, {
  access: 'company',
  handle: async ({ companyId, params, body }) => {
    const audit = await reportedAudit(companyId, params.auditId);
    return ok(await exportReport(companyId, audit, body));
  },
});
