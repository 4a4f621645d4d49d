import { seoAuditContracts } from '@shared/contracts/seo-audit';
import type { LinkRow } from '@shared/schemas/seo-audit';
import { auditList, reportedAudit } from '../../core/audit/report/audit-reads';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audits/{auditId}/links: the Found links table. */
export const listFoundLinks = defineRoute(seoAuditContracts.foundLinks, {
  access: 'company',
  handle: async ({ companyId, params, query }) => {
    const audit = await reportedAudit(companyId, params.auditId);
    const nofollow = query.nofollow === undefined ? undefined : query.nofollow === 'true';
    return ok(
      await auditList<LinkRow>(
        companyId,
        audit,
        'links',
        query,
        (row) => (!query.type || row.type === query.type) && (nofollow === undefined || row.nofollow === nofollow),
      ),
    );
  },
});
