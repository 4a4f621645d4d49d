import { defineContract } from '../contract';
import { auditIdParamsSchema } from '../schemas/seo-audit';
import {
  reportDownloadResultSchema,
  reportDownloadSchema,
  sitemapOptionsSchema,
  sitemapResultSchema,
} from '../schemas/seo-audit-downloads';

/**
 * What an audit gives to take away: the report as CSV or XLSX, and a sitemap of its indexable
 * pages. Apart from seoAuditContracts so the views load these schemas only with the dialogs.
 */
export const seoAuditDownloadContracts = {
  reportDownload: defineContract({
    method: 'POST',
    path: '/api/seo/audits/{auditId}/report-download',
    permission: 'view',
    summary:
      'Build an audit’s report as CSV (up to 100K rows) or XLSX (up to 10K rows), pages and texts as chosen; a short-lived download address',
    params: auditIdParamsSchema,
    body: reportDownloadSchema,
    responses: { 200: reportDownloadResultSchema },
  }),
  sitemap: defineContract({
    method: 'POST',
    path: '/api/seo/audits/{auditId}/sitemap',
    permission: 'view',
    summary:
      'Generate a sitemap.xml of an audit’s indexable pages (change frequency and priority per depth, lastmod), split with an index past 50,000 URLs or 50 MB',
    params: auditIdParamsSchema,
    body: sitemapOptionsSchema,
    responses: { 200: sitemapResultSchema },
  }),
};
