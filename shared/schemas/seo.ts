import { z } from 'zod/mini';
import { messages } from '../messages';
import { auditStatusSchema, propStatusSchema } from './seo-status';

/** The audit's sentences that the spec names but does not word (02 §8 "Audit"), written for a site owner. */
export const auditMessages = {
  prefixInvalid: messages.auditPrefixInvalid,
  ruleTooLong: 'Maximum Rule length of 2048 chars exceeded',
  userAgentInvalid: 'Enter a user agent of 1 to 200 characters.',
  alreadyRunning: 'An audit of your website is already running. Its report will appear here when it finishes.',
  notRunning: 'No audit is running.',
  firstPage: {
    badStatus: (status: number) =>
      `Your home page answered with HTTP status ${status}, so the audit could not start. Check that the page works and try again.`,
    timeout: 'Your home page did not answer within 15 seconds. Check that the site is up and try again.',
    tooManyRedirects: 'Your home page redirects too many times (or in a loop). Fix its redirects and try again.',
    invalidRedirect: (to: string) =>
      `Your home page redirects to ${to}, which is another website. Update your website address and try again.`,
    blocked:
      "Your robots.txt does not allow crawling your home page. Allow our crawler in robots.txt, or turn off 'Follow robots.txt' in the audit settings.",
    tooLarge: 'Your home page is too large to audit. Make it smaller and try again.',
    connect: (reason: string) => `${reason} Check the spelling of your website address and try again.`,
    notHtml: 'Your home page is not an HTML page, so there is nothing to audit.',
  },
  stopped:
    'The audit was stopped before it finished. Its report covers the pages crawled until then; restart the audit to check the whole site.',
  crashed: messages.jobFailed,
  unknownCheck: 'This check does not exist.',
  ignoreOnlyLatest: 'Only the issues of the latest report can be ignored. Open the latest report and try again.',
  noReport: messages.noSeoReport,
  ownershipNotFound: (host: string) =>
    `We could not find your verification file or meta tag on ${host}. Upload the file to your site's root (or add the meta tag to your home page), then try again.`,
} as const;

/** Spec 02 §4: a number of free audits per month applies as a trial; more need a paid plan. */
export const FREE_AUDITS_PER_MONTH = 1;

// Types only: a value re-exported here would put the settings' schema in every page that reads the report.
export type { AuditSettings } from './audit-settings';

export { auditStatusSchema } from './seo-status';

export const auditProgressSchema = z.object({
  pages: z.number(),
  urls: z.number(),
  errors: z.number(),
  warnings: z.number(),
  notices: z.number(),
  batches: z.number(),
});
export type AuditProgress = z.infer<typeof auditProgressSchema>;

/** Why an audit did not finish: its first page failed (spec 02 §8 main page errors), or it crashed. */
export const auditErrorSchema = z.object({
  kind: z.enum(['first-page', 'stopped', 'crashed']),
  message: z.string(),
});

/** The latest audit run as the report page shows it while it runs (spec 02 §4 audit states). */
export const auditRunSchema = z
  .object({
    id: z.string(),
    status: auditStatusSchema,
    startedAt: z.string(),
    finishedAt: z.optional(z.string()),
    website: z.string(),
    progress: auditProgressSchema,
    error: z.optional(auditErrorSchema),
    /** While it waits for another audit of the same website to finish: its place in line (1 = next). */
    queuePlace: z.optional(z.number()),
  })
  .check(z.meta({ title: 'AuditRun' }));
export type AuditRun = z.infer<typeof auditRunSchema>;

export { type PropStatus } from './seo-status';

/** A check in the report (spec 02 §3 "SEO report" prop: name, value, status), with its texts. */
const seoPropSchema = z.object({
  /** The check's id (shared/seo-checks.ts); the report carries its texts, so the web needs no catalogue. */
  id: z.string(),
  name: z.string(),
  /** Pages (or URLs) affected. */
  value: z.number(),
  status: propStatusSchema,
  description: z.string(),
  how_to_fix: z.string(),
});
export type SeoProp = z.infer<typeof seoPropSchema>;

const seoSectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  props: z.array(seoPropSchema),
});
export type SeoSection = z.infer<typeof seoSectionSchema>;

/** Per prop, the previous and current counts (spec), and how many pages are new or fixed since then. */
export const propHistorySchema = z.object({
  prev: z.number(),
  now: z.number(),
  new: z.number(),
  fixed: z.number(),
});
export type PropHistory = z.infer<typeof propHistorySchema>;

/** GET /api/seo/report (spec 01 §3, 02 §3), built from the latest finished audit. */
export const seoReportSchema = z
  .object({
    is_finished: z.boolean(),
    /** The reported audit was stopped: the figures cover only the pages crawled until then. */
    partial: z.boolean(),
    /** ISO 8601 UTC, when the reported audit finished; null before the first one. */
    audit_time: z.nullable(z.string()),
    /** The Health Score, 0-100. */
    weighted_score_percent: z.number(),
    health: z.nullable(z.string()),
    total_errors: z.number(),
    total_warnings: z.number(),
    total_notices: z.number(),
    pages_crawled: z.number(),
    website: z.string(),
    sections: z.array(seoSectionSchema),
    pageDataHistory: z.record(z.string(), propHistorySchema),
    /**
     * Spec 02 §4 "outdated (restart needed)": since the reported audit ran, the company's website
     * changed ('website') or a setting that shapes what an audit finds did ('settings'); null
     * while the report still matches.
     */
    outdated: z.nullable(z.enum(['website', 'settings'])),
    /** The latest run, which may be newer than the report (running, stopped, failed). */
    audit: z.nullable(auditRunSchema),
    /** Free audits left this month; more need a paid plan. */
    free_audits_left: z.number(),
    paid_plan: z.boolean(),
  })
  .check(z.meta({ title: 'SeoReport' }));
export type SeoReport = z.infer<typeof seoReportSchema>;

/**
 * GET /api/seo/site-ownership: whether the company has proven it owns its website, and how to.
 * Until it has, audits of the site obey robots.txt and stay within `unprovenLimits`.
 */
export const siteOwnershipSchema = z
  .object({
    host: z.string(),
    verified: z.boolean(),
    method: z.optional(z.enum(['file', 'meta', 'search-console'])),
    verifiedAt: z.optional(z.string()),
    /** Where the verification file goes, and what it holds. */
    fileUrl: z.string(),
    fileContent: z.string(),
    /** The tag to put in the home page's <head> instead. */
    metaTag: z.string(),
    unprovenLimits: z.object({ requestsPerSecond: z.number(), concurrency: z.number() }),
  })
  .check(z.meta({ title: 'SiteOwnership' }));
export type SiteOwnership = z.infer<typeof siteOwnershipSchema>;

export const issueParamsSchema = z.object({ check: z.string() });
export const issuePagesQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)), 100),
});
/** The pages one check flagged in the reported audit. */
export const issuePagesSchema = z.object({
  check: z.string(),
  name: z.string(),
  total: z.number(),
  urls: z.array(z.string()),
});
