import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { listAudits } from '../../core/audit/audit-reads';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audits: the all-reports list. */
export const listSiteAudits = defineRoute(seoAuditContracts.audits, {
  access: 'company',
  handle: async ({ companyId }) => ok(await listAudits(companyId)),
});
