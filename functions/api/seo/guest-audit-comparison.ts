import { guestAuditContracts } from '@shared/contracts/audit-share';
import { defineRoute } from '../../core/http/route';
import { asGuest } from './guest-access';
import { compareAudits } from './compare-audits';

/** GET /api/seo/shared/{token}/audits/{auditId}/comparison: a guest link's Crawl comparison module, read-only. */
export const guestAuditComparison = defineRoute(guestAuditContracts.auditComparison, {
  access: 'public',
  handle: asGuest('comparison', compareAudits),
});
