import { guestAuditContracts } from '@shared/contracts/audit-share';
import { defineRoute } from '../../core/http/route';
import { asGuest } from './guest-access';
import { listFoundLinks } from './list-found-links';

/** GET /api/seo/shared/{token}/audits/{auditId}/links: a guest link's Found links module, read-only. */
export const guestFoundLinks = defineRoute(guestAuditContracts.foundLinks, {
  access: 'public',
  handle: asGuest('links', listFoundLinks),
});
