import { defineContract } from '../contract';
import { jobStartedSchema } from '../schemas/lrp';
import { saveSeoKeywordsSchema, seoKeywordListSchema } from '../schemas/seo-keywords';
import {
  auditRunSchema,
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
    permission: 'view',
    summary: "The SEO report from the company's latest finished site audit, and the run in progress if any",
    responses: { 200: seoReportSchema },
  }),
  recheck: defineContract({
    method: 'POST',
    path: '/api/seo/report/recheck',
    permission: 'seo',
    summary: 'Start a new site audit (one free a month, then a paid plan); the last report stays until it finishes',
    responses: { 202: auditRunSchema },
  }),
  stop: defineContract({
    method: 'POST',
    path: '/api/seo/audit/stop',
    permission: 'seo',
    summary: 'Stop the running site audit; it finishes with the pages crawled so far',
    responses: { 200: auditRunSchema },
  }),
  issuePages: defineContract({
    method: 'GET',
    path: '/api/seo/report/issues/{check}',
    permission: 'view',
    summary: 'The pages one check flagged in the reported audit',
    params: issueParamsSchema,
    query: issuePagesQuerySchema,
    responses: { 200: issuePagesSchema },
  }),
  siteOwnership: defineContract({
    method: 'GET',
    path: '/api/seo/site-ownership',
    permission: 'view',
    summary:
      'Whether the company has proven it owns its website (needed for audits faster than the polite limits or ignoring robots.txt), and how to prove it',
    responses: { 200: siteOwnershipSchema },
  }),
  proveSiteOwnership: defineContract({
    method: 'POST',
    path: '/api/seo/site-ownership/verify',
    permission: 'seo',
    summary:
      'Look for the verification file, meta tag or Search Console property and record the proof (422 when none is found)',
    responses: { 200: siteOwnershipSchema },
  }),
  /** Spec 02 §7: long-running; the job's result is the suggestions, with the saved ones selected. */
  generateKeywords: defineContract({
    method: 'POST',
    path: '/api/seo/keywords/generate',
    permission: 'seo',
    summary: 'Suggest keywords for the company website (job; needs a paid plan and a website)',
    responses: { 202: jobStartedSchema },
  }),
  keywords: defineContract({
    method: 'GET',
    path: '/api/seo/keywords',
    permission: 'view',
    summary: 'The last suggested keywords, the saved ones marked selected',
    responses: { 200: seoKeywordListSchema },
  }),
  saveKeywords: defineContract({
    method: 'POST',
    path: '/api/seo/keywords',
    permission: 'seo',
    summary: 'Save up to 10 of the suggested keywords, replacing the saved ones (needs a paid plan)',
    body: saveSeoKeywordsSchema,
    responses: { 200: seoKeywordListSchema },
  }),
};
