import { seoAuditContracts } from '@shared/contracts/seo-audit';
import * as auditReads from '../../core/audit/report/audit-reads';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/audits: the all-reports list. */
export const listAudits = defineRoute(seoAuditContracts.audits, {
  access: 'company',
  handle: async ({ companyId }) => ok(await auditReads.listAudits(companyId)),
});
