import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { describe, expect, it } from 'vitest';
import { downloadMessages, SITEMAP_DEFAULTS, type SitemapOptions } from '@shared/schemas/seo-audit-downloads';
import {
  neutralise,
  reportColumns,
  writeReportCsv,
  writeReportXlsx,
} from '../../functions/core/audit/exports/audit-report-export';
import { buildSitemaps, type SitemapEntry } from '../../functions/core/audit/exports/audit-sitemap-export';

/**
 * The parts of the audit's downloads that limits decide, with limits small enough to pass in a
 * test: a report cut at its row limit says so in the file (CSV and XLSX), and a sitemap past
 * its URL or byte limit becomes an index and its parts. And the formula guard, cell by cell.
 */
const OPTIONS = {
  format: 'csv' as const,
  pages: { errors: true, warnings: true, notices: true, noIssues: true },
  descriptions: { issue: false, resolve: false, section: false },
};
const columns = reportColumns(OPTIONS);

async function* records(n: number) {
  for (let i = 1; i <= n; i++)
    yield {
      section: 'Links',
      issue: 'Broken links',
      severity: 'error',
      url: `https://rosa.example/p${i}/`,
      status: 200,
    };
}

async function collect(write: (out: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(out);
  return Buffer.concat(chunks);
}

describe('the report file past its row limit', () => {
  it('CSV: the first rows, then one row that says how many there were', async () => {
    let count;
    const bytes = await collect(async (out) => (count = await writeReportCsv(records(5), columns, 3, out)));
    expect(count).toEqual({ rows: 3, total: 5 });
    const rows: string[][] = parse(bytes, { bom: true });
    expect(rows[0]?.[0]).toBe('Section');
    expect(rows.slice(1, 4).map((r) => r[3])).toEqual([1, 2, 3].map((i) => `https://rosa.example/p${i}/`));
    expect(rows).toHaveLength(5);
    expect(rows[4]?.[0]).toBe(downloadMessages.truncated(3, 5, 'csv'));
    expect(rows[4]).toHaveLength(columns.length);
  });

  it('CSV within the limit: no note', async () => {
    let count;
    const bytes = await collect(async (out) => (count = await writeReportCsv(records(3), columns, 3, out)));
    expect(count).toEqual({ rows: 3, total: 3 });
    expect(parse(bytes, { bom: true })).toHaveLength(4);
  });

  it('XLSX: the first rows, the note under them and in the About sheet', async () => {
    let count;
    const bytes = await collect(
      async (out) =>
        (count = await writeReportXlsx(records(4), columns, 2, out, [['Website', 'https://rosa.example/']])),
    );
    expect(count).toEqual({ rows: 2, total: 4 });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Report');
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getRow(4).getCell(1).value).toBe(downloadMessages.truncated(2, 4, 'xlsx'));
    const about = new Map<string, unknown>();
    book.getWorksheet('About')?.eachRow((row) => about.set(row.getCell(1).text, row.getCell(2).value));
    expect(about.get('Truncated')).toBe(downloadMessages.truncated(2, 4, 'xlsx'));
    expect(about.get('Website')).toBe('https://rosa.example/');
  });
});

describe('the formula guard', () => {
  it('makes text of what a spreadsheet would run, and leaves the rest', () => {
    for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=1', '\r=1'])
      expect(neutralise(formula)).toBe(`'${formula}`);
    for (const plain of ['Rosa = bakery', 'https://rosa.example/', '', 'a-b']) expect(neutralise(plain)).toBe(plain);
    expect(neutralise(-2)).toBe(-2);
  });
});

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'sitemap'].includes(name) });
const options: SitemapOptions = { ...SITEMAP_DEFAULTS, lastmod: { mode: 'audit' } };
const entries: SitemapEntry[] = Array.from({ length: 5 }, (_, i) => ({
  loc: `https://rosa.example/p${i}/?a=1&b=2`,
  depth: i,
}));

describe('the sitemap past the protocol limits', () => {
  it('fits in one sitemap.xml within them, addresses escaped', () => {
    const files = buildSitemaps(entries, options, '2026-11-26', 'https://rosa.example');
    expect(files.map((f) => f.name)).toEqual(['sitemap.xml']);
    expect(SyntaxValidator.validate(files[0]!.xml)).toBe(true);
    expect(files[0]!.xml).toContain('<loc>https://rosa.example/p0/?a=1&amp;b=2</loc>');
  });

  it('splits by URL count into parts and an index naming them at the site root', () => {
    const files = buildSitemaps(entries, options, '2026-11-26', 'https://rosa.example', {
      maxUrls: 2,
      maxBytes: 50 * 1024 * 1024,
    });
    expect(files.map((f) => [f.name, f.urls])).toEqual([
      ['sitemap.xml', 0],
      ['sitemap-1.xml', 2],
      ['sitemap-2.xml', 2],
      ['sitemap-3.xml', 1],
    ]);
    for (const file of files) expect(SyntaxValidator.validate(file.xml), file.name).toBe(true);
    const index = parser.parse(files[0]!.xml) as { sitemapindex: { sitemap: { loc: string; lastmod: string }[] } };
    expect(index.sitemapindex.sitemap.map((s) => s.loc)).toEqual(
      [1, 2, 3].map((n) => `https://rosa.example/sitemap-${n}.xml`),
    );
    expect(index.sitemapindex.sitemap.every((s) => s.lastmod === '2026-11-26')).toBe(true);
  });

  it('splits by size, no part over the byte limit', () => {
    const one = buildSitemaps(entries.slice(0, 1), options, undefined, 'https://rosa.example')[0]!;
    const maxBytes = Buffer.byteLength(one.xml) + 200;
    const files = buildSitemaps(entries, options, undefined, 'https://rosa.example', { maxUrls: 50_000, maxBytes });
    expect(files.length).toBeGreaterThan(2);
    for (const file of files.slice(1)) expect(Buffer.byteLength(file.xml)).toBeLessThanOrEqual(maxBytes);
    expect(files.slice(1).reduce((sum, f) => sum + f.urls, 0)).toBe(entries.length);
  });
});
