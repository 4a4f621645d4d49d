import { guestAuditContracts } from '@shared/contracts/audit-share';
import { defineRoute } from '../../core/http/route';
import { asGuest } from './guest-access';
import { listCrawledPages } from './list-crawled-pages';

/** GET /api/seo/shared/{token}/audits/{auditId}/pages: a guest link's Crawled pages module, read-only. */
export const guestCrawledPages = defineRoute(guestAuditContracts.crawledPages, {
  access: 'public',
  handle: asGuest('pages', listCrawledPages),
});
