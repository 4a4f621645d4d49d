import { defineContract } from '../contract';
import { jobStartedSchema } from '../schemas/lrp';
import { saveSeoKeywordsSchema, seoKeywordListSchema } from '../schemas/seo-keywords';
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
import {
  auditRunSchema,
  auditSettingsSchema,
  issuePagesQuerySchema,
  issuePagesSchema,
  issueParamsSchema,
  seoReportSchema,
  siteOwnershipSchema,
} from '../schemas/seo';

export const seoContracts = {
  /** Spec 02 §7 "Reports and SEO". The first call for a company with a website starts its first audit. */
  report: defineContract({
    method: 'GET',
    path: '/api/seo/report',
    summary: "The SEO report from the company's latest finished site audit, and the run in progress if any",
    responses: { 200: seoReportSchema },
  }),
  recheck: defineContract({
    method: 'POST',
    path: '/api/seo/report/recheck',
    summary: 'Start a new site audit (one free a month, then a paid plan); the last report stays until it finishes',
    responses: { 202: auditRunSchema },
  }),
  stop: defineContract({
    method: 'POST',
    path: '/api/seo/audit/stop',
    summary: 'Stop the running site audit; it finishes with the pages crawled so far',
    responses: { 200: auditRunSchema },
  }),
  issuePages: defineContract({
    method: 'GET',
    path: '/api/seo/report/issues/{check}',
    summary: 'The pages one check flagged in the reported audit',
    params: issueParamsSchema,
    query: issuePagesQuerySchema,
    responses: { 200: issuePagesSchema },
  }),
  getSettings: defineContract({
    method: 'GET',
    path: '/api/seo/audit/settings',
    summary: "The company's site-audit settings (limits, robots.txt, subdomains, user agent, URL prefixes)",
    responses: { 200: auditSettingsSchema },
  }),
  saveSettings: defineContract({
    method: 'PUT',
    path: '/api/seo/audit/settings',
    summary: "Change the company's site-audit settings; they apply from the next audit",
    body: auditSettingsSchema,
    responses: { 200: auditSettingsSchema },
  }),
  siteOwnership: defineContract({
    method: 'GET',
    path: '/api/seo/site-ownership',
    summary:
      'Whether the company has proven it owns its website (needed for audits faster than the polite limits or ignoring robots.txt), and how to prove it',
    responses: { 200: siteOwnershipSchema },
  }),
  proveSiteOwnership: defineContract({
    method: 'POST',
    path: '/api/seo/site-ownership/verify',
    summary:
      'Look for the verification file, meta tag or Search Console property and record the proof (422 when none is found)',
    responses: { 200: siteOwnershipSchema },
  }),
  // The website audit's views (spec 02 §2): {auditId} is an audit of the company, or `latest`.
  audits: defineContract({
    method: 'GET',
    path: '/api/seo/audits',
    summary: "All the company's recent audits, newest first, with their Health Score and issue counts",
    responses: { 200: auditListSchema },
  }),
  auditOverview: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}',
    summary:
      'An audit’s Overview: Health Score with history and ranges, page health, status, depth, links, indexability, response time, issue groups, top 5 issues',
    params: auditIdParamsSchema,
    responses: { 200: auditOverviewSchema },
  }),
  issueReport: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/issues',
    summary: 'An audit’s Issue report tab (current, new, all, fixed, off), worst first',
    params: auditIdParamsSchema,
    query: issueReportQuerySchema,
    responses: { 200: issueReportSchema },
  }),
  issueDetail: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/issues/{check}',
    summary: 'The pages behind one issue in a tab, each with the exact links or files at fault',
    params: auditCheckParamsSchema,
    query: issuePagesTabQuerySchema,
    responses: { 200: issueDetailSchema },
  }),
  ignoreIssue: defineContract({
    method: 'POST',
    path: '/api/seo/audits/{auditId}/issues/{check}/ignore',
    summary: 'Ignore an issue of the latest report until the next audit (at once; 409 for an older audit)',
    params: auditCheckParamsSchema,
    responses: { 200: ignoredIssuesSchema },
  }),
  unignoreIssue: defineContract({
    method: 'DELETE',
    path: '/api/seo/audits/{auditId}/issues/{check}/ignore',
    summary: 'Stop ignoring an issue of the latest report (at once)',
    params: auditCheckParamsSchema,
    responses: { 200: ignoredIssuesSchema },
  }),
  crawledPages: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/pages',
    summary: 'An audit’s crawled pages, paged, sorted by any column, filtered by URL, status and indexability',
    params: auditIdParamsSchema,
    query: pagesQuerySchema,
    responses: { 200: pageListSchema },
  }),
  foundLinks: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/links',
    summary: 'An audit’s found links, paged, sorted, filtered by URL, type, status and nofollow',
    params: auditIdParamsSchema,
    query: linksQuerySchema,
    responses: { 200: linkListSchema },
  }),
  foundResources: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/resources',
    summary: 'An audit’s found images, stylesheets, scripts and other files, paged, sorted, filtered',
    params: auditIdParamsSchema,
    query: resourcesQuerySchema,
    responses: { 200: resourceListSchema },
  }),
  auditComparison: defineContract({
    method: 'GET',
    path: '/api/seo/audits/{auditId}/comparison',
    summary: 'Two audits of the company compared: scores, totals and every issue’s count in each',
    params: auditIdParamsSchema,
    query: comparisonQuerySchema,
    responses: { 200: auditComparisonSchema },
  }),
  /** Spec 02 §7: long-running; the job's result is the suggestions, with the saved ones selected. */
  generateKeywords: defineContract({
    method: 'POST',
    path: '/api/seo/keywords/generate',
    summary: 'Suggest keywords for the company website (job; needs a paid plan and a website)',
    responses: { 202: jobStartedSchema },
  }),
  keywords: defineContract({
    method: 'GET',
    path: '/api/seo/keywords',
    summary: 'The last suggested keywords, the saved ones marked selected',
    responses: { 200: seoKeywordListSchema },
  }),
  saveKeywords: defineContract({
    method: 'POST',
    path: '/api/seo/keywords',
    summary: 'Save up to 10 of the suggested keywords, replacing the saved ones (needs a paid plan)',
    body: saveSeoKeywordsSchema,
    responses: { 200: seoKeywordListSchema },
  }),
};
