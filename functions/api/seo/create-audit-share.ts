import { auditShareContracts } from '@shared/contracts/audit-share';
import { createShare } from '../../core/audit/shares/audit-shares';
import { created, defineRoute } from '../../core/http/route';

/** POST /api/seo/shares: a guest link to chosen modules, optionally mailed (admins and managers). */
export const createAuditShare = defineRoute(auditShareContracts.create, {
  access: 'company',
  handle: async ({ companyId, user, body }) => {
    return created(await createShare(companyId, user.id, body));
  },
});
