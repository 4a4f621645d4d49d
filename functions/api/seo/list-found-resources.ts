import { seoAuditContracts } from '@shared/contracts/seo-audit';
import type { ResourceRow } from '@shared/schemas/seo-audit';
import { auditList, reportedAudit } from '../../core/audit/report/audit-reads';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audits/{auditId}/resources: the Found resources table. */
export const listFoundResources = defineRoute(seoAuditContracts.foundResources, {
  access: 'company',
  handle: async ({ companyId, params, query }) => {
    const audit = await reportedAudit(companyId, params.auditId);
    return ok(
      await auditList<ResourceRow>(
        companyId,
        audit,
        'resources',
        query,
        (row) => !query.type || row.type === query.type,
      ),
    );
  },
});
