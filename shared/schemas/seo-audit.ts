import { z } from 'zod/mini';
import { auditWebVitalsSchema } from './web-vitals';
import { auditStatusSchema, propStatusSchema } from './seo-status';

/**
 * The website audit's read API (spec 02 §2 "Website audit" sections): the overview, the issue
 * report by tab, the crawled pages, found links and found resources as pages of a list, the
 * comparison of two audits and the list of all audits. Each reads a finished (or stopped) audit
 * of the caller's company; `{auditId}` may be `latest`, the audit the SEO report shows.
 */

const count = z.number();
/** Counts by a key: an HTTP status, a depth, a time range. */
const counts = z.record(z.string(), count);

/** What the crawl measured beyond the issues, kept on the audit when it finishes. */
export const auditStatsSchema = z.object({
  /** By HTTP status ("200", "301", "404"...), "timeout" and "failed". */
  statusCodes: counts,
  /** By click depth from the home page ("0", "1"...) and "unknown" (reached only through the sitemap). */
  depths: counts,
  links: z.object({ internal: count, external: count, follow: count, nofollow: count }),
  indexability: z.object({ indexable: count, noindex: count, canonicalized: count, blocked: count, notOk: count }),
  /** Milliseconds to load each HTML page: the average and how many pages fall in each range. */
  responseTime: z.object({ averageMs: count, ranges: counts }),
  /** Pages without errors or warnings, with warnings only, with errors (spec: page health ratio). */
  pageHealth: z.object({ healthy: count, withWarnings: count, withErrors: count }),
  /** What the crawl learnt of the domain (spec 02 §3 "Domain metrics"); absent for audits before it was kept. */
  domain: z.optional(
    z.object({
      host: z.string(),
      https: z.boolean(),
      /** The site's TLS certificate's expiry (ISO), for an https site. */
      certificateExpires: z.optional(z.string()),
      /** Pages the site's sitemaps list. */
      sitemapPages: count,
      /** Other domains the crawled pages link to. */
      linkedDomains: count,
    }),
  ),
});
export type AuditStats = z.infer<typeof auditStatsSchema>;

/** One of the overview's most popular use cases: its issues, and the check with the most of them. */
const auditUseCaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  issues: count,
  check: z.nullable(z.string()),
  severity: z.nullable(propStatusSchema),
});
export type AuditUseCase = z.infer<typeof auditUseCaseSchema>;

export const auditIdParamsSchema = z.object({ auditId: z.string().check(z.minLength(1), z.maxLength(40)) });
export const auditCheckParamsSchema = z.object({
  auditId: z.string().check(z.minLength(1), z.maxLength(40)),
  check: z.string().check(z.minLength(1), z.maxLength(60)),
});

const issueSummarySchema = z.object({
  check: z.string(),
  name: z.string(),
  category: z.string(),
  severity: propStatusSchema,
  description: z.string(),
  how_to_fix: z.string(),
  /** Pages (or URLs) with the issue now, new since the audit before, fixed since then. */
  current: count,
  new: count,
  fixed: count,
  /** Now minus before; absent for a first audit, which has no audit before to differ from. */
  change: z.optional(z.number()),
  /** Why a Turned off issue is off: ignored until the next audit, or disabled in the settings. */
  off: z.optional(z.enum(['ignored', 'disabled'])),
});
export type IssueSummary = z.infer<typeof issueSummarySchema>;

/** GET /api/seo/audits: spec 02 §3 "Audit list" (what a company-scoped list has of it). */
export const auditListSchema = z
  .array(
    z.object({
      id: z.string(),
      website: z.string(),
      status: auditStatusSchema,
      startedAt: z.string(),
      finishedAt: z.optional(z.string()),
      score: z.nullable(z.number()),
      health: z.nullable(z.string()),
      errors: count,
      warnings: count,
      notices: count,
      pages: count,
      /** The audit the SEO report shows. */
      reported: z.boolean(),
    }),
  )
  .check(z.meta({ title: 'AuditList' }));

/** GET /api/seo/audits/{auditId}: the Overview's widgets. */
export const auditOverviewSchema = z
  .object({
    id: z.string(),
    website: z.string(),
    status: auditStatusSchema,
    finishedAt: z.optional(z.string()),
    partial: z.boolean(),
    health: z.object({
      score: z.number(),
      band: z.string(),
      /** Spec 02 §9's ranges, lowest first. */
      ranges: z.array(z.object({ name: z.string(), min: z.number(), max: z.number() })),
      /** The company's finished audits up to this one, oldest first. */
      history: z.array(z.object({ id: z.string(), finishedAt: z.string(), score: z.number() })),
    }),
    crawledPages: count,
    issuesByType: z.object({ errors: count, warnings: count, notices: count }),
    /** Absent for an audit that finished before these were measured. */
    stats: z.nullable(auditStatsSchema),
    robotsMeta: z.object({ noindex: count, nosnippet: count, xRobotsNoindex: count }),
    orphanPages: count,
    deadEndPages: count,
    /** Issue groups: per category of checks, how many URLs have errors, warnings and notices. */
    issueGroups: z.array(
      z.object({ category: z.string(), name: z.string(), errors: count, warnings: count, notices: count }),
    ),
    /** Spec 02 §9: the top 5 issues, errors first, then the most pages. */
    topIssues: z.array(issueSummarySchema),
    /** Spec 02 §2: the most popular use cases, most asked for first. */
    useCases: z.array(auditUseCaseSchema),
    /** JavaScript rendering asked for: done, or unavailable on this runtime (absent when not asked for). */
    rendering: z.optional(z.enum(['rendered', 'unavailable'])),
    /** Lab Core Web Vitals of a sample of rendered pages (absent without rendering). */
    webVitals: z.optional(auditWebVitalsSchema),
  })
  .check(z.meta({ title: 'AuditOverview' }));

const issueTabSchema = z.enum(['current', 'new', 'all', 'fixed', 'off']);
export type IssueTab = z.infer<typeof issueTabSchema>;

export const issueReportQuerySchema = z.object({ tab: z._default(issueTabSchema, 'current') });
/** GET /api/seo/audits/{auditId}/issues: the Issue report's tab, worst first. */
export const issueReportSchema = z
  .object({
    id: z.string(),
    tab: issueTabSchema,
    issues: z.array(issueSummarySchema),
    /** The checks the audit settings turn off now, from the next audit (spec 02 §4: effect after restart). */
    disabledChecks: z.array(z.string()),
  })
  .check(z.meta({ title: 'IssueReport' }));

const pageQuery = {
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100),
  order: z._default(z.enum(['asc', 'desc']), 'asc'),
  /** Part of the URL (or either URL of a link). */
  search: z.optional(z.string().check(z.maxLength(500))),
  /** An HTTP status ("404") or class ("4xx"). */
  status: z.optional(z.string().check(z.regex(/^([1-5](\d\d|xx)|timeout|failed)$/))),
};

export const issuePagesTabQuerySchema = z.object({
  tab: z._default(issueTabSchema, 'current'),
  offset: pageQuery.offset,
  limit: pageQuery.limit,
});
/** GET /api/seo/audits/{auditId}/issues/{check}: the pages behind one issue, each with the exact links or files at fault. */
export const issueDetailSchema = z
  .object({
    issue: issueSummarySchema,
    tab: issueTabSchema,
    total: count,
    items: z.array(
      z.object({
        url: z.string(),
        status: z.enum(['current', 'new', 'fixed']),
        targets: z.optional(z.array(z.string())),
        group: z.optional(z.string()),
        /** More URLs of this page, differing only in their query string, with the issue too. */
        copies: z.optional(count),
      }),
    ),
  })
  .check(z.meta({ title: 'IssueDetail' }));

const PAGE_COLUMNS = [
  'url',
  'status',
  'title',
  'description',
  'h1',
  'h2',
  'depth',
  'inlinks',
  'outlinks',
  'bytes',
  'ms',
  'indexability',
  'canonical',
  'hreflangs',
  'words',
  'issues',
] as const;
const pageRowSchema = z.object({
  url: z.string(),
  status: count,
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  h1: z.optional(z.string()),
  h2: z.optional(count),
  /** Null when the page was reached only through the sitemap. */
  depth: z.nullable(count),
  inlinks: count,
  outlinks: z.optional(count),
  bytes: z.optional(count),
  ms: z.optional(count),
  indexability: z.enum(['indexable', 'noindex', 'canonicalized', 'blocked', 'not-200']),
  canonical: z.optional(z.string()),
  hreflangs: z.optional(count),
  words: z.optional(count),
  /** Checks the page fails. */
  issues: count,
});
export type PageRow = z.infer<typeof pageRowSchema>;
export const pagesQuerySchema = z.object({
  ...pageQuery,
  sort: z._default(z.enum(PAGE_COLUMNS), 'url'),
  indexability: z.optional(z.enum(['indexable', 'noindex', 'canonicalized', 'blocked', 'not-200'])),
});

const LINK_COLUMNS = ['source', 'target', 'anchor', 'type', 'nofollow', 'status'] as const;
const linkRowSchema = z.object({
  source: z.string(),
  target: z.string(),
  anchor: z.string(),
  type: z.enum(['internal', 'external']),
  nofollow: z.boolean(),
  /** The target's HTTP status (0: not fetched, over the limits). */
  status: count,
});
export type LinkRow = z.infer<typeof linkRowSchema>;
export const linksQuerySchema = z.object({
  ...pageQuery,
  sort: z._default(z.enum(LINK_COLUMNS), 'source'),
  type: z.optional(z.enum(['internal', 'external'])),
  nofollow: z.optional(z.enum(['true', 'false'])),
});

const RESOURCE_COLUMNS = ['url', 'type', 'status', 'bytes', 'pages', 'compressed', 'cached'] as const;
const resourceRowSchema = z.object({
  url: z.string(),
  type: z.enum(['image', 'css', 'js', 'other']),
  status: count,
  bytes: count,
  /** Pages that load it. */
  pages: count,
  compressed: z.boolean(),
  cached: z.boolean(),
});
export type ResourceRow = z.infer<typeof resourceRowSchema>;
export const resourcesQuerySchema = z.object({
  ...pageQuery,
  sort: z._default(z.enum(RESOURCE_COLUMNS), 'url'),
  type: z.optional(z.enum(['image', 'css', 'js', 'other'])),
});

const listOf = <S extends z.ZodMiniType>(row: S, title: string) =>
  z
    .object({
      total: count,
      offset: count,
      /** The list was cut at the audit's row limit (found links of a very large site). */
      truncated: z.boolean(),
      rows: z.array(row),
    })
    .check(z.meta({ title }));
export const pageListSchema = listOf(pageRowSchema, 'CrawledPages');
export const linkListSchema = listOf(linkRowSchema, 'FoundLinks');
export const resourceListSchema = listOf(resourceRowSchema, 'FoundResources');

export const comparisonQuerySchema = z.object({ with: z.string().check(z.minLength(1), z.maxLength(40)) });
/** GET /api/seo/audits/{auditId}/comparison?with=: spec 02 §2 "Crawl comparison". */
export const auditComparisonSchema = z
  .object({
    from: z.object({ id: z.string(), finishedAt: z.optional(z.string()), score: z.number(), pages: count }),
    to: z.object({ id: z.string(), finishedAt: z.optional(z.string()), score: z.number(), pages: count }),
    totals: z.object({
      errors: z.object({ from: count, to: count }),
      warnings: z.object({ from: count, to: count }),
      notices: z.object({ from: count, to: count }),
    }),
    /** Every check with issues in either audit: its count in each and the change. */
    issues: z.array(
      z.object({
        check: z.string(),
        name: z.string(),
        severity: propStatusSchema,
        from: count,
        to: count,
        change: z.number(),
      }),
    ),
  })
  .check(z.meta({ title: 'AuditComparison' }));

/** POST/DELETE /api/seo/audits/{auditId}/issues/{check}/ignore: the checks ignored in that audit now. */
export const ignoredIssuesSchema = z
  .object({ id: z.string(), ignored: z.array(z.string()) })
  .check(z.meta({ title: 'IgnoredIssues' }));
