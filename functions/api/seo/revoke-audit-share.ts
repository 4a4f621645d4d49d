import { auditShareContracts } from '@shared/contracts/audit-share';
import { revokeShare } from '../../core/audit/shares/audit-shares';
import { defineRoute, noContent } from '../../core/http/route';

/** DELETE /api/seo/shares/{shareId}: the link answers 404 from now on (admins and managers). */
export const revokeAuditShare = defineRoute(auditShareContracts.revoke, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    await revokeShare(companyId, params.shareId);
    return noContent();
  },
});
