import { guestAuditContracts } from '@shared/contracts/audit-share';
import { defineRoute } from '../../core/http/route';
import { asGuest } from './guest-access';
import { getAuditOverview } from './get-audit-overview';

/** GET /api/seo/shared/{token}/audits/{auditId}: a guest link's Overview module, read-only. */
export const guestAuditOverview = defineRoute(guestAuditContracts.auditOverview, {
  access: 'public',
  handle: asGuest('overview', getAuditOverview),
});
