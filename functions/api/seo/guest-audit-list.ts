import { guestAuditContracts } from '@shared/contracts/audit-share';
import { defineRoute } from '../../core/http/route';
import { asGuest } from './guest-access';
import { listAudits } from './list-audits';

/** GET /api/seo/shared/{token}/audits: a guest link's Crawl comparison (its audit picker) module, read-only. */
export const guestAuditList = defineRoute(guestAuditContracts.audits, {
  access: 'public',
  handle: asGuest('comparison', listAudits),
});
