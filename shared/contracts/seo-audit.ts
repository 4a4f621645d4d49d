import { defineContract } from '../contract';
import {
  auditCheckParamsSchema,
  auditComparisonSchema,
  auditIdParamsSchema,
  auditListSchema,
  auditOverviewSchema,
  comparisonQuerySchema,
  ignoredIssuesSchema,
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

/**
 * The website audit's read API, {auditId} an audit of the company or `latest`. Part of
 * seoContracts; apart so the web's audit views load these and not the report's and keywords'
 * schemas and messages.
 */
export const seoAuditContracts = {
  audits: defineContract({
    method: 'GET',
    path: '/api/seo/audits',
    permission: 'view',
    summary: "All the company's recent audits, newest first, with their Health Score and issue counts",
    responses: { 200: auditListSchema },
  }),
  auditOverview: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}',
    permission: 'view',
    summary:
      'An audit’s Overview: Health Score with history and ranges, page health, status, depth, links, indexability, response time, issue groups, top 5 issues',
    params: auditIdParamsSchema,
    responses: { 200: auditOverviewSchema },
  }),
  issueReport: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/issues',
    permission: 'view',
    summary: 'An audit’s Issue report tab (current, new, all, fixed, off), worst first',
    params: auditIdParamsSchema,
    query: issueReportQuerySchema,
    responses: { 200: issueReportSchema },
  }),
  issueDetail: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/issues/{check}',
    permission: 'view',
    summary: 'The pages behind one issue in a tab, each with the exact links or files at fault',
    params: auditCheckParamsSchema,
    query: issuePagesTabQuerySchema,
    responses: { 200: issueDetailSchema },
  }),
  ignoreIssue: defineContract({
    method: 'POST',
    path: '/api/seo/audits/{auditId}/issues/{check}/ignore',
    permission: 'seo',
    summary: 'Ignore an issue of the latest report until the next audit (at once; 409 for an older audit)',
    params: auditCheckParamsSchema,
    responses: { 200: ignoredIssuesSchema },
  }),
  unignoreIssue: defineContract({
    method: 'DELETE',
    path: '/api/seo/audits/{auditId}/issues/{check}/ignore',
    permission: 'seo',
    summary: 'Stop ignoring an issue of the latest report (at once)',
    params: auditCheckParamsSchema,
    responses: { 200: ignoredIssuesSchema },
  }),
  crawledPages: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/pages',
    permission: 'view',
    summary: 'An audit’s crawled pages, paged, sorted by any column, filtered by URL, status and indexability',
    params: auditIdParamsSchema,
    query: pagesQuerySchema,
    responses: { 200: pageListSchema },
  }),
  foundLinks: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/links',
    permission: 'view',
    summary: 'An audit’s found links, paged, sorted, filtered by URL, type, status and nofollow',
    params: auditIdParamsSchema,
    query: linksQuerySchema,
    responses: { 200: linkListSchema },
  }),
  foundResources: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/resources',
    permission: 'view',
    summary: 'An audit’s found images, stylesheets, scripts and other files, paged, sorted, filtered',
    params: auditIdParamsSchema,
    query: resourcesQuerySchema,
    responses: { 200: resourceListSchema },
  }),
  auditComparison: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/comparison',
    permission: 'view',
    summary: 'Two audits of the company compared: scores, totals and every issue’s count in each',
    params: auditIdParamsSchema,
    query: comparisonQuerySchema,
    responses: { 200: auditComparisonSchema },
  }),
};
