import { auditShareContracts } from '@shared/contracts/audit-share';
import { listShares } from '../../core/audit/shares/audit-shares';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/shares: the company's live guest links (admins and managers). */
export const listAuditShares = defineRoute(auditShareContracts.list, {
  access: 'company',
  handle: async ({ companyId }) => {
    return ok(await listShares(companyId));
  },
});
