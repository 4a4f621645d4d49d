import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditMessages, type SeoReport } from '@shared/schemas/seo';
import { downloadMessages, EXPORT_ROW_LIMITS, SITEMAP_DEFAULTS } from '@shared/schemas/seo-audit-downloads';
import { downloadFolder, downloadUrl, storeDownload } from '../../functions/core/audit/exports/audit-downloads';
import { signedInUser, type TestClient } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { serveTestSite, type TestSite } from '../support/test-site';
import { eventually } from '../support/test-site-runtime';

/**
 * The website audit's downloads over HTTP on the suite's runtime, from a real finished audit of
 * the planted-defect test site: the report as CSV and XLSX fetched from its presigned address and
 * opened with csv-parse and exceljs (rows, columns and filters as chosen, a title that a
 * spreadsheet would run as a formula made text), the sitemap checked by a strict XML parser
 * (the indexable pages, priority and change frequency by depth, lastmod), every 4xx with its
 * sentence, and another company's audit id answered 404.
 */
const FORMULA_TITLE = '=HYPERLINK("http://evil.example/","Rosa\'s Bakery about us")';

let site: TestSite;
let client: TestClient;
let auditId: string;

/** The test site on the first of the runtime's allowed loopback ports that is free. */
async function serveOnAllowedPort(): Promise<TestSite> {
  for (const port of inject('sitePorts')) {
    try {
      return await serveTestSite({ port, titles: { '/about/': FORMULA_TITLE } });
    } catch {
      // taken by another file's site: try the next allowed port
    }
  }
  throw new Error('no free site port');
}

beforeAll(async () => {
  site = await serveOnAllowedPort();
  ({ client } = await signedInUser('audit-downloads'));
  expect((await client.patch('/api/company/company', { website: site.origin })).status).toBe(200);
  const report = async (): Promise<SeoReport> => (await client.get('/api/seo/report')).body;
  const done = await eventually(
    report,
    (body) => !!body.audit && !['running', 'stopping'].includes(body.audit.status),
    'the audit',
    150_000,
  );
  expect(done.audit?.status).toBe('finished');
  auditId = done.audit?.id ?? '';
}, 180_000);
afterAll(() => site.close());

const ALL_PAGES = { errors: true, warnings: true, notices: true, noIssues: true };
const NO_TEXTS = { issue: false, resolve: false, section: false };

async function download(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
  return Buffer.from(await res.arrayBuffer());
}

const csvRecords = (bytes: Buffer) =>
  parse<Record<string, string>>(bytes, { bom: true, columns: true, skip_empty_lines: true });

interface Issue {
  check: string;
  name: string;
  severity: string;
  current: number;
}
const currentIssues = async (): Promise<Issue[]> =>
  (await client.get(`/api/seo/audits/${auditId}/issues?tab=current`)).body.issues;

describe('the report download', () => {
  it('as CSV: every page with issues, one row per page and issue, the three texts as columns', async () => {
    const res = await client.post(`/api/seo/audits/${auditId}/report-download`, {
      format: 'csv',
      pages: ALL_PAGES,
      descriptions: { issue: true, resolve: true, section: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'csv', truncated: false, limit: EXPORT_ROW_LIMITS.csv });
    expect(res.body.file.name).toMatch(/^127\.0\.0\.1_\d+-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await download(res.body.file.url);
    expect(bytes.length).toBe(res.body.file.bytes);
    const rows = csvRecords(bytes);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'Section',
      'Issue',
      'Severity',
      'Page URL',
      'Status code',
      'Title',
      'Depth',
      'Indexability',
      'Links or files at fault',
      'Section description',
      'Issue description',
      'How to resolve',
    ]);
    expect(rows).toHaveLength(res.body.rows);
    expect(res.body.total).toBe(res.body.rows);
    // As many rows as the Issue report counts pages, issue by issue (every page of this http site has one).
    const issues = await currentIssues();
    expect(rows.length).toBe(issues.reduce((sum, issue) => sum + issue.current, 0));
    expect(rows).toContainEqual(
      expect.objectContaining({
        Issue: issues.find((i) => i.check === 'broken-internal-link')?.name,
        Severity: 'error',
        'Page URL': site.url('/links-to-moved/'),
        'Links or files at fault': site.url('/moved-away/'),
        Section: 'Links',
      }),
    );
    expect(rows.every((r) => r['Issue description'] && r['How to resolve'] && r['Section description'])).toBe(true);
    // Worst first, as the Issue report orders them.
    const RANK: Record<string, number> = { error: 3, warning: 2, notice: 1 };
    const rank = rows.map((r) => RANK[r.Severity ?? ''] ?? 0);
    expect(rank).toEqual([...rank].sort((a, b) => b - a));
  });

  it('keeps only the severities chosen and only the texts chosen', async () => {
    const res = await client.post(`/api/seo/audits/${auditId}/report-download`, {
      format: 'csv',
      pages: { errors: true, warnings: false, notices: false, noIssues: false },
      descriptions: { issue: false, resolve: true, section: false },
    });
    expect(res.status).toBe(200);
    const rows = csvRecords(await download(res.body.file.url));
    expect(Object.keys(rows[0] ?? {})).toContain('How to resolve');
    expect(Object.keys(rows[0] ?? {})).not.toContain('Issue description');
    expect(Object.keys(rows[0] ?? {})).not.toContain('Section description');
    expect(new Set(rows.map((r) => r.Severity))).toEqual(new Set(['error']));
    const errors = (await currentIssues()).filter((i) => i.severity === 'error');
    expect(rows.length).toBe(errors.reduce((sum, issue) => sum + issue.current, 0));

    // Pages without issues: none on a site served over plain http, so an empty table with its header.
    const clean = await client.post(`/api/seo/audits/${auditId}/report-download`, {
      format: 'csv',
      pages: { errors: false, warnings: false, notices: false, noIssues: true },
      descriptions: NO_TEXTS,
    });
    expect(clean.body).toMatchObject({ rows: 0, total: 0, truncated: false });
    const header = (await download(clean.body.file.url)).toString('utf8').replace(/^\uFEFF/, '');
    expect(header.trim()).toBe(
      'Section,Issue,Severity,Page URL,Status code,Title,Depth,Indexability,Links or files at fault',
    );
  });

  it('makes a title that a spreadsheet would run as a formula plain text, in CSV and XLSX', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await client.post(`/api/seo/audits/${auditId}/report-download`, {
        format,
        pages: ALL_PAGES,
        descriptions: NO_TEXTS,
      });
      const bytes = await download(res.body.file.url);
      let titles: string[];
      if (format === 'csv') {
        titles = csvRecords(bytes)
          .filter((r) => r['Page URL'] === site.url('/about/'))
          .map((r) => r.Title ?? '');
      } else {
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(bytes as unknown as ArrayBuffer);
        const sheet = book.getWorksheet('Report');
        titles = [];
        sheet?.eachRow((row, n) => {
          if (n > 1 && row.getCell(4).value === site.url('/about/')) titles.push(row.getCell(6).text);
          // No cell of the file is a formula.
          row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
        });
      }
      expect(titles.length, format).toBeGreaterThan(0);
      expect(new Set(titles), format).toEqual(new Set([`'${FORMULA_TITLE}`]));
    }
  });

  it('as XLSX: a Report sheet with the chosen columns and an About sheet, opened with exceljs', async () => {
    const res = await client.post(`/api/seo/audits/${auditId}/report-download`, {
      format: 'xlsx',
      pages: { errors: true, warnings: true, notices: false, noIssues: false },
      descriptions: { issue: true, resolve: false, section: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'xlsx', truncated: false, limit: EXPORT_ROW_LIMITS.xlsx });
    expect(res.body.file.name).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(res.body.file.url)) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Report');
    expect(sheet).toBeDefined();
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Section',
      'Issue',
      'Severity',
      'Page URL',
      'Status code',
      'Title',
      'Depth',
      'Indexability',
      'Links or files at fault',
      'Issue description',
    ]);
    const severities: string[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) severities.push(row.getCell(3).text);
    });
    expect(severities).toHaveLength(res.body.rows);
    expect(new Set(severities)).toEqual(new Set(['error', 'warning']));
    const chosen = (await currentIssues()).filter((i) => i.severity !== 'notice');
    expect(severities.length).toBe(chosen.reduce((sum, issue) => sum + issue.current, 0));
    const about = book.getWorksheet('About');
    const facts = new Map<string, unknown>();
    about?.eachRow((row) => facts.set(row.getCell(1).text, row.getCell(2).value));
    expect(facts.get('Website')).toBe(`${site.origin}/`);
    expect(facts.get('Pages with')).toBe('errors, warnings');
    expect(facts.has('Truncated')).toBe(false);
  });

  it('refuses a request that includes no pages, with the sentence on the field', async () => {
    const res = await client.post(`/api/seo/audits/${auditId}/report-download`, {
      format: 'csv',
      pages: { errors: false, warnings: false, notices: false, noIssues: false },
      descriptions: NO_TEXTS,
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain(downloadMessages.noPages);
    const badFormat = await client.post(`/api/seo/audits/${auditId}/report-download`, {
      format: 'xls',
      pages: ALL_PAGES,
      descriptions: NO_TEXTS,
    });
    expect(badFormat.status).toBe(422);
  });
});

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'sitemap', 'image:image'].includes(name),
});
interface SitemapUrl {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: number;
  'image:image'?: { 'image:loc': string }[];
}

describe('the sitemap', () => {
  const depths = SITEMAP_DEFAULTS.depths;

  it('lists the indexable 200 pages with the priority and change frequency of their depth and the chosen lastmod', async () => {
    const res = await client.post(`/api/seo/audits/${auditId}/sitemap`, {
      pageTypes: ['pages'],
      depths,
      lastmod: { mode: 'custom', date: '2026-01-15' },
    });
    expect(res.status).toBe(200);
    expect(res.body.index).toBe(false);
    expect(res.body.files).toHaveLength(1);
    expect(res.body.files[0].name).toBe('sitemap.xml');
    const xml = (await download(res.body.files[0].url)).toString('utf8');
    expect(SyntaxValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml) as { urlset: { '@_xmlns': string; url: SitemapUrl[] } };
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = doc.urlset.url;

    const pages = (await client.get(`/api/seo/audits/${auditId}/pages?indexability=indexable&limit=500`)).body.rows as {
      url: string;
      status: number;
      depth: number | null;
    }[];
    // A canonical naming another site's page leaves it out too (the crawl calls it indexable).
    const indexable = pages.filter((p) => p.status === 200 && p.url !== site.url('/canonical-elsewhere/'));
    expect(urls.map((u) => u.loc).sort()).toEqual(indexable.map((p) => p.url).sort());
    expect(res.body.urls).toBe(indexable.length);
    expect(urls.map((u) => u.loc)).not.toContain(site.url('/noindex/'));
    expect(urls.map((u) => u.loc)).not.toContain(site.url('/canonical-elsewhere/'));
    for (const page of indexable) {
      const level = depths[Math.min(page.depth ?? 5, 5)]!;
      expect(
        urls.find((u) => u.loc === page.url),
        page.url,
      ).toMatchObject({
        lastmod: '2026-01-15',
        changefreq: level.changefreq,
        priority: level.priority,
      });
    }
    // The home page first, at depth 0's priority.
    expect(urls[0]).toMatchObject({ loc: `${site.origin}/`, priority: depths[0]!.priority });
    expect(urls.find((u) => u.loc === site.url('/about/'))?.priority).toBe(depths[1]!.priority);
  });

  it('without lastmod leaves it out; with images lists each page’s images that answered 200', async () => {
    const res = await client.post(`/api/seo/audits/${auditId}/sitemap`, {
      pageTypes: ['pages', 'images'],
      depths,
      lastmod: { mode: 'none' },
    });
    expect(res.status).toBe(200);
    const xml = (await download(res.body.files[0].url)).toString('utf8');
    expect(SyntaxValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml) as { urlset: { '@_xmlns:image': string; url: SitemapUrl[] } };
    expect(doc.urlset['@_xmlns:image']).toBe('http://www.google.com/schemas/sitemap-image/1.1');
    expect(doc.urlset.url.every((u) => u.lastmod === undefined)).toBe(true);
    const images = doc.urlset.url.flatMap((u) => (u['image:image'] ?? []).map((i) => i['image:loc']));
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((src) => src.startsWith(site.origin))).toBe(true);
  });

  it('refuses a custom lastmod that is not a day, a priority out of 0.1-1, a frequency not in the list, no pages', async () => {
    const post = (body: unknown) => client.post(`/api/seo/audits/${auditId}/sitemap`, body);
    const day = await post({ pageTypes: ['pages'], depths, lastmod: { mode: 'custom', date: '2026-02-30' } });
    expect(day.status).toBe(422);
    expect(JSON.stringify(day.body)).toContain(downloadMessages.customDate);
    const high = depths.map((d, i) => (i === 0 ? { ...d, priority: 1.5 } : d));
    expect((await post({ pageTypes: ['pages'], depths: high, lastmod: { mode: 'audit' } })).status).toBe(422);
    const never = depths.map((d, i) => (i === 0 ? { ...d, changefreq: 'never' } : d));
    expect((await post({ pageTypes: ['pages'], depths: never, lastmod: { mode: 'audit' } })).status).toBe(422);
    const none = await post({ pageTypes: ['images'], depths, lastmod: { mode: 'audit' } });
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.body)).toContain(downloadMessages.noPageTypes);
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another company’s audit id, for both downloads', async () => {
    const { client: other } = await signedInUser('audit-downloads-other');
    const report = await other.post(`/api/seo/audits/${auditId}/report-download`, {
      format: 'csv',
      pages: ALL_PAGES,
      descriptions: NO_TEXTS,
    });
    expect(report.status).toBe(404);
    expect(report.body.message).toBe(auditMessages.noReport);
    const sitemap = await other.post(`/api/seo/audits/${auditId}/sitemap`, {
      pageTypes: ['pages'],
      depths: SITEMAP_DEFAULTS.depths,
      lastmod: { mode: 'audit' },
    });
    expect(sitemap.status).toBe(404);
    // Its own "latest" is no one else's either.
    const latest = await other.post('/api/seo/audits/latest/sitemap', {
      pageTypes: ['pages'],
      depths: SITEMAP_DEFAULTS.depths,
      lastmod: { mode: 'audit' },
    });
    expect(latest.status).toBe(404);
  });
});

describe('the bucket upload behind every download', () => {
  it('streams a file past 5 MB in parts (multipart), whole when fetched from its address', async () => {
    useSuiteRuntimeEnv();
    const MB = 1024 * 1024;
    const key = `${downloadFolder(1, randomUUID(), {})}big.csv`;
    // Seven 1 MB chunks, each of its own letter: two 5 MB parts, the order kept.
    const body = Readable.from(Array.from({ length: 7 }, (_, i) => Buffer.alloc(MB, 97 + i)));
    await storeDownload(key, body, 'text/csv; charset=utf-8');
    const bytes = await download(await downloadUrl(key, 'big.csv'));
    expect(bytes.length).toBe(7 * MB);
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => bytes[i * MB + MB - 1])).toEqual([97, 98, 99, 100, 101, 102, 103]);
  });
});
