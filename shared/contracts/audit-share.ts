import { defineContract } from '../contract';
import {
  auditShareIdParamsSchema,
  auditShareListSchema,
  createAuditShareSchema,
  createdAuditShareSchema,
  guestAuditParamsSchema,
  guestCheckParamsSchema,
  guestParamsSchema,
  guestShareSchema,
} from '../schemas/audit-share';
import {
  auditComparisonSchema,
  auditListSchema,
  auditOverviewSchema,
  comparisonQuerySchema,
  issueDetailSchema,
  issuePagesTabQuerySchema,
  issueReportQuerySchema,
  issueReportSchema,
  linkListSchema,
  linksQuerySchema,
  pageListSchema,
  pagesQuerySchema,
  resourceListSchema,
  resourcesQuerySchema,
} from '../schemas/seo-audit';

/** A member's guest links to the company's website audit (admins and managers). */
export const auditShareContracts = {
  list: defineContract({
    method: 'GET',
    path: '/api/seo/shares',
    permission: 'seo',
    summary: "The company's live guest links to its website audit, with their modules and expiry",
    responses: { 200: auditShareListSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/seo/shares',
    permission: 'seo',
    summary: 'A guest link to chosen audit modules, read-only, expiring (at most 30 days); optionally mailed',
    body: createAuditShareSchema,
    responses: { 201: createdAuditShareSchema },
  }),
  revoke: defineContract({
    method: 'DELETE',
    path: '/api/seo/shares/{shareId}',
    permission: 'seo',
    summary: 'Revoke a guest link: it answers 404 from now on',
    params: auditShareIdParamsSchema,
    responses: { 204: null },
  }),
};

/**
 * What a guest link opens, no account needed: the same answers as the member views, for the
 * link's company and modules only. Anything else (another module, another company's audit, a
 * revoked, expired or made-up token, the Turned off tab) is 404.
 */
export const guestAuditContracts = {
  share: defineContract({
    method: 'GET',
    path: '/api/seo/shared/{token}',
    summary: 'No account: the company, website, modules and expiry a guest link opens (404 once invalid)',
    params: guestParamsSchema,
    responses: { 200: guestShareSchema },
  }),
  audits: defineContract({
    method: 'GET',
    path: '/api/seo/shared/{token}/audits',
    summary: "No account, Crawl comparison module: the company's audits to compare",
    params: guestParamsSchema,
    responses: { 200: auditListSchema },
  }),
  auditOverview: defineContract({
    method: 'GET',
    path: '/api/seo/shared/{token}/audits/{auditId}',
    summary: 'No account, Overview module: an audit’s Overview',
    params: guestAuditParamsSchema,
    responses: { 200: auditOverviewSchema },
  }),
  issueReport: defineContract({
    method: 'GET',
    path: '/api/seo/shared/{token}/audits/{auditId}/issues',
    summary: 'No account, Issue report module: a tab of the Issue report (never Turned off)',
    params: guestAuditParamsSchema,
    query: issueReportQuerySchema,
    responses: { 200: issueReportSchema },
  }),
  issueDetail: defineContract({
    method: 'GET',
    path: '/api/seo/shared/{token}/audits/{auditId}/issues/{check}',
    summary: 'No account, Issue report module: the pages behind one issue',
    params: guestCheckParamsSchema,
    query: issuePagesTabQuerySchema,
    responses: { 200: issueDetailSchema },
  }),
  crawledPages: defineContract({
    method: 'GET',
    path: '/api/seo/shared/{token}/audits/{auditId}/pages',
    summary: 'No account, Crawled pages module: the crawled pages table',
    params: guestAuditParamsSchema,
    query: pagesQuerySchema,
    responses: { 200: pageListSchema },
  }),
  foundLinks: defineContract({
    method: 'GET',
    path: '/api/seo/shared/{token}/audits/{auditId}/links',
    summary: 'No account, Found links module: the found links table',
    params: guestAuditParamsSchema,
    query: linksQuerySchema,
    responses: { 200: linkListSchema },
  }),
  foundResources: defineContract({
    method: 'GET',
    path: '/api/seo/shared/{token}/audits/{auditId}/resources',
    summary: 'No account, Found resources module: the found resources table',
    params: guestAuditParamsSchema,
    query: resourcesQuerySchema,
    responses: { 200: resourceListSchema },
  }),
  auditComparison: defineContract({
    method: 'GET',
    path: '/api/seo/shared/{token}/audits/{auditId}/comparison',
    summary: 'No account, Crawl comparison module: two of the company’s audits compared',
    params: guestAuditParamsSchema,
    query: comparisonQuerySchema,
    responses: { 200: auditComparisonSchema },
  }),
};
