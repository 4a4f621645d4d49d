import { z } from 'zod/mini';

/**
 * What a website audit gives to take away (spec 02 §2 "download report" dialog, §3 "Sitemap
 * generation", §9 export limits and download options): the report as a CSV or XLSX file, and a
 * sitemap.xml of the audit's indexable pages. Each is built on the server from the stored audit
 * and answered as short-lived download addresses.
 */

/** Spec 02 §9: "XLS max 10K rows; CSV top100 100K rows". */
export const EXPORT_ROW_LIMITS = { csv: 100_000, xlsx: 10_000 } as const;
const exportFormatSchema = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export const downloadMessages = {
  noPages: 'Choose at least one kind of page to include.',
  noPageTypes: 'Choose at least one page type.',
  customDate: 'Enter the last-modified date as YYYY-MM-DD.',
  truncated: (limit: number, total: number, format: ExportFormat) =>
    `The report has ${total.toLocaleString('en-US')} rows; a ${format.toUpperCase()} file holds the first ${limit.toLocaleString('en-US')}.`,
} as const;

/** Spec 02 §9 "Download options": which pages, and which texts go with each issue. */
export const reportDownloadSchema = z
  .object({
    format: exportFormatSchema,
    pages: z.object({
      errors: z.boolean(),
      warnings: z.boolean(),
      notices: z.boolean(),
      noIssues: z.boolean(),
    }),
    descriptions: z.object({
      issue: z.boolean(),
      resolve: z.boolean(),
      section: z.boolean(),
    }),
  })
  .check(
    z.refine((body) => Object.values(body.pages).some(Boolean), { message: downloadMessages.noPages, path: ['pages'] }),
  );
export type ReportDownloadOptions = z.infer<typeof reportDownloadSchema>;

const fileSchema = z.object({
  name: z.string(),
  /** A presigned address, valid a few minutes: fetch it now, do not share it. */
  url: z.string(),
  bytes: z.number(),
});

/** POST /api/seo/audits/{auditId}/report-download: the file and how much of the report it holds. */
export const reportDownloadResultSchema = z
  .object({
    file: fileSchema,
    format: exportFormatSchema,
    /** Rows in the file, not counting the header (nor the truncation note). */
    rows: z.number(),
    /** Rows the chosen options select in the whole audit. */
    total: z.number(),
    /** True when `total` passed the format's row limit and the file holds the first `limit` rows. */
    truncated: z.boolean(),
    limit: z.number(),
  })
  .check(z.meta({ title: 'ReportDownload' }));
export type ReportDownloadResult = z.infer<typeof reportDownloadResultSchema>;

/** Spec 02 §9: change frequencies always, hourly, daily, weekly, monthly, yearly. */
export const CHANGE_FREQUENCIES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly'] as const;
const changeFrequencySchema = z.enum(CHANGE_FREQUENCIES);
/** Crawl depths with a setting of their own: 0 (the home page) to 4, then one for 5 and deeper (and pages found only in a sitemap). */
export const SITEMAP_DEPTH_LEVELS = 6;
/** Spec 02 §9: sitemap priority 0.1 to 1. */
const sitemapPrioritySchema = z.number().check(z.gte(0.1), z.lte(1));
/** Pages, and optionally the images each page shows (Google's image sitemap extension). */
export const SITEMAP_PAGE_TYPES = ['pages', 'images'] as const;

export const SITEMAP_DEFAULTS = {
  pageTypes: ['pages'] as (typeof SITEMAP_PAGE_TYPES)[number][],
  depths: [
    { changefreq: 'daily', priority: 1 },
    { changefreq: 'weekly', priority: 0.8 },
    { changefreq: 'weekly', priority: 0.6 },
    { changefreq: 'monthly', priority: 0.5 },
    { changefreq: 'monthly', priority: 0.4 },
    { changefreq: 'yearly', priority: 0.3 },
  ] as { changefreq: (typeof CHANGE_FREQUENCIES)[number]; priority: number }[],
  lastmod: { mode: 'audit' as 'none' | 'audit' | 'custom' },
};

/** A real calendar day written YYYY-MM-DD (W3C Datetime, as <lastmod> takes it). */
const isDay = (value: string | undefined) =>
  !!value &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Spec 02 §3 "Sitemap generation": page types, change frequency and priority per crawl depth, last-modified date. */
export const sitemapOptionsSchema = z.object({
  pageTypes: z.array(z.enum(SITEMAP_PAGE_TYPES)).check(
    z.refine((types) => types.includes('pages'), downloadMessages.noPageTypes),
    z.maxLength(SITEMAP_PAGE_TYPES.length),
  ),
  /** One entry per depth level, the home page first; the last one also covers every deeper page. */
  depths: z
    .array(z.object({ changefreq: changeFrequencySchema, priority: sitemapPrioritySchema }))
    .check(z.length(SITEMAP_DEPTH_LEVELS)),
  /** `audit`: the day the audit finished; `custom`: the given day; `none`: no <lastmod>. */
  lastmod: z
    .object({
      mode: z.enum(['none', 'audit', 'custom']),
      date: z.optional(z.string()),
    })
    .check(
      z.refine((lastmod) => lastmod.mode !== 'custom' || isDay(lastmod.date), {
        message: downloadMessages.customDate,
        path: ['date'],
      }),
    ),
});
export type SitemapOptions = z.infer<typeof sitemapOptionsSchema>;

/** POST /api/seo/audits/{auditId}/sitemap: one sitemap.xml, or (past 50,000 URLs or 50 MB) an index and its parts. */
export const sitemapResultSchema = z
  .object({
    /** URLs listed in all. */
    urls: z.number(),
    /** True when the sitemap was split: the first file is a sitemap index naming the others. */
    index: z.boolean(),
    files: z.array(z.extend(fileSchema, { urls: z.number() })),
  })
  .check(z.meta({ title: 'SitemapDownload' }));
export type SitemapResult = z.infer<typeof sitemapResultSchema>;
