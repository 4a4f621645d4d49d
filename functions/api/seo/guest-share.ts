import { guestAuditContracts } from '@shared/contracts/audit-share';
import { guestShareView } from '../../core/audit/shares/audit-shares';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/seo/shared/{token}: what a guest link opens (404 once revoked or expired, or never made). */
export const guestShare = defineRoute(guestAuditContracts.share, {
  access: 'public',
  handle: async ({ params }) => ok(await guestShareView(params.token)),
});
