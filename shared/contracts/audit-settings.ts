import { defineContract } from '../contract';
import {
  auditSettingsInputSchema,
  auditSettingsSchema,
  urlListSummarySchema,
  urlListUploadSchema,
} from '../schemas/audit-settings';

/**
 * The website audit's settings (spec 02 §3, §5), apart from the report's contracts: the report
 * and keywords pages load those on first paint, and need none of the settings' rules.
 */
export const auditSettingsContracts = {
  getSettings: defineContract({
    method: 'GET',
    path: '/api/seo/audit/settings',
    permission: 'view',
    summary:
      "The company's site-audit settings (limits, thresholds, robots.txt, sources of pages, URL rules, basic auth without its password)",
    responses: { 200: auditSettingsSchema },
  }),
  saveSettings: defineContract({
    method: 'PUT',
    path: '/api/seo/audit/settings',
    permission: 'seo',
    summary: "Change the company's site-audit settings; they apply from the next audit",
    body: auditSettingsInputSchema,
    responses: { 200: auditSettingsSchema },
  }),
  uploadUrlList: defineContract({
    method: 'PUT',
    path: '/api/seo/audit/url-list',
    permission: 'seo',
    summary:
      "Replace the uploaded TXT or CSV list of URLs the audit starts from (one a line, links to the company's site only)",
    body: urlListUploadSchema,
    responses: { 200: urlListSummarySchema },
  }),
};
