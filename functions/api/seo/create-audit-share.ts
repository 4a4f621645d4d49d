import { auditShareContracts } from '@shared/contracts/audit-share';
import { createShare } from '../../core/audit/audit-shares';
import { created, defineRoute } from '../../core/http/route';
import { assertCanConfigureAudit } from '../../core/membership';

/** POST /api/seo/shares: a guest link to chosen modules, optionally mailed (admins and managers). */
export const createAuditShare = defineRoute(auditShareContracts.create, {
  access: 'company',
  handle: async ({ companyId, user, body }) => {
    await assertCanConfigureAudit(companyId, user.id);
    return created(await createShare(companyId, user.id, body));
  },
});
