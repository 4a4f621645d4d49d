import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { PageRow } from '@shared/schemas/seo-audit';
import {
  downloadMessages,
  EXPORT_ROW_LIMITS,
  type ExportFormat,
  type ReportDownloadOptions,
  type ReportDownloadResult,
} from '@shared/schemas/seo-audit-downloads';
import { SEO_CATEGORIES, type SeoCategory } from '@shared/seo-checks';
import { downloadFolder, downloadUrl, storeDownload } from './audit-downloads';
import { loadAuditView, loadIssues } from '../audit-objects';
import { issueTab, type ReportedAudit } from '../report/audit-reads';

/**
 * The website audit's report as a file (spec 02 §2 "download report", §9): one row per page and
 * issue, the issues of the severities chosen worst first (as the Issue report orders them), then
 * the pages with no issues when chosen; the issue, resolve and section texts as extra columns
 * when chosen. Rows stream from the stored audit into csv-stringify or exceljs's streaming
 * writer and on to the bucket; past the format's row limit the file stops and says so.
 */

/** What each report section is about, for the "section descriptions" column. */
const SECTION_DESCRIPTIONS: Record<SeoCategory, string> = {
  indexability: 'Whether search engines can reach and index each page: status codes, robots rules and noindex.',
  links: 'Links between your pages and to other sites: broken, redirected, nofollow and unlinked pages.',
  redirects: 'Redirects and their chains and loops, which cost crawl time and dilute links.',
  meta: 'Page titles and meta descriptions: what search results show for each page.',
  headings: 'H1 and H2 headings, which tell readers and search engines what a page is about.',
  content: 'The text of each page: thin, duplicate or near-duplicate content.',
  markup: 'Structured data and social tags (Open Graph, Twitter cards) that shape rich results and shares.',
  images: 'Images: broken files, missing alternative text and heavy files.',
  canonical: 'Canonical and hreflang tags, which name the original of a page and its language versions.',
  sitemap: 'The XML sitemap and robots.txt, which guide search engines through the site.',
  performance: 'How fast pages answer and load, and the weight of their stylesheets, scripts and images.',
  security: 'HTTPS, certificates and security headers.',
};
const categoryName = new Map<string, string>(SEO_CATEGORIES.map((c) => [c.id, c.name]));
const sectionDescription = (category: string) =>
  Object.hasOwn(SECTION_DESCRIPTIONS, category) ? SECTION_DESCRIPTIONS[category as SeoCategory] : '';

type Cell = string | number;
interface Column {
  key: string;
  label: string;
  width: number;
}

/** The columns the options ask for, in the file's order. */
export function reportColumns(options: ReportDownloadOptions): Column[] {
  const columns: Column[] = [
    { key: 'section', label: 'Section', width: 24 },
    { key: 'issue', label: 'Issue', width: 36 },
    { key: 'severity', label: 'Severity', width: 10 },
    { key: 'url', label: 'Page URL', width: 60 },
    { key: 'status', label: 'Status code', width: 12 },
    { key: 'title', label: 'Title', width: 40 },
    { key: 'depth', label: 'Depth', width: 8 },
    { key: 'indexability', label: 'Indexability', width: 14 },
    { key: 'details', label: 'Links or files at fault', width: 60 },
  ];
  if (options.descriptions.section)
    columns.push({ key: 'sectionDescription', label: 'Section description', width: 50 });
  if (options.descriptions.issue) columns.push({ key: 'issueDescription', label: 'Issue description', width: 60 });
  if (options.descriptions.resolve) columns.push({ key: 'resolve', label: 'How to resolve', width: 60 });
  return columns;
}

/**
 * A text a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return before
 * one) gets a leading apostrophe: it shows as text and never runs (OWASP "CSV injection").
 */
export function neutralise(value: Cell): Cell {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Whether the options include pages with issues of this severity. */
const chosenSeverity = (options: ReportDownloadOptions, severity: string) =>
  (severity === 'error' && options.pages.errors) ||
  (severity === 'warning' && options.pages.warnings) ||
  (severity === 'notice' && options.pages.notices);
/** How many issue files are read ahead of the one being written. */
const READ_AHEAD = 4;

/** The report's rows as records keyed by column, in the file's order. */
async function* reportRecords(
  companyId: number,
  audit: ReportedAudit,
  options: ReportDownloadOptions,
): AsyncGenerator<Record<string, Cell>> {
  const pages = (await loadAuditView<PageRow>(companyId, audit.id, 'pages')).rows;
  const pageOf = new Map(pages.map((page) => [page.url, page]));
  const issues = issueTab(audit, 'current').filter((issue) => chosenSeverity(options, issue.severity));
  const loads = issues.map(() => undefined as ReturnType<typeof loadIssues> | undefined);
  const load = (i: number) => {
    const issue = issues[i];
    if (issue && !loads[i]) loads[i] = loadIssues(companyId, audit.id, issue.check);
    return loads[i];
  };
  const pageCells = (url: string) => {
    const page = pageOf.get(url);
    return {
      url,
      status: page?.status ?? '',
      title: page?.title ?? '',
      depth: page?.depth ?? '',
      indexability: page?.indexability ?? '',
    };
  };

  for (let i = 0; i < issues.length; i++) {
    for (let ahead = i; ahead < Math.min(issues.length, i + READ_AHEAD); ahead++) void load(ahead);
    const issue = issues[i];
    const stored = await load(i);
    if (!issue || !stored) continue;
    for (const entry of stored.entries) {
      yield {
        section: categoryName.get(issue.category) ?? issue.category,
        issue: issue.name,
        severity: issue.severity,
        ...pageCells(entry.url),
        details: [entry.group, ...(entry.targets ?? [])].filter(Boolean).join(' '),
        sectionDescription: sectionDescription(issue.category),
        issueDescription: issue.description,
        resolve: issue.how_to_fix,
      };
    }
  }
  if (!options.pages.noIssues) return;
  const clean = pages.filter((page) => page.issues === 0).sort((a, b) => a.url.localeCompare(b.url));
  for (const page of clean) {
    yield {
      section: '',
      issue: 'No issues',
      severity: '',
      ...pageCells(page.url),
      details: '',
      sectionDescription: '',
      issueDescription: '',
      resolve: '',
    };
  }
}

export interface RowCount {
  /** Rows written. */
  rows: number;
  /** Rows there were. */
  total: number;
}

/**
 * The first `limit` rows, each cell made safe; the rest only counted, into `count`, which is
 * final once the iteration ends.
 */
async function* capRows(
  records: AsyncIterable<Record<string, Cell>>,
  columns: Column[],
  limit: number,
  count: RowCount,
): AsyncGenerator<Cell[]> {
  for await (const record of records) {
    count.total++;
    if (count.rows >= limit) continue;
    count.rows++;
    yield columns.map((column) => neutralise(record[column.key] ?? ''));
  }
}

/** The note that ends a file cut at its limit (the truncation said inside the file too). */
const truncationNote = (format: ExportFormat, count: RowCount) =>
  count.total > count.rows ? downloadMessages.truncated(count.rows, count.total, format) : undefined;

/** CSV (RFC 4180, UTF-8 with a byte-order mark so Excel reads accents) of the rows, to `out`. */
export async function writeReportCsv(
  records: AsyncIterable<Record<string, Cell>>,
  columns: Column[],
  limit: number,
  out: Writable,
): Promise<RowCount> {
  const count: RowCount = { rows: 0, total: 0 };
  async function* lines() {
    yield* capRows(records, columns, limit, count);
    const note = truncationNote('csv', count);
    // As a row of its own with every column, so the file stays one table for any CSV reader.
    if (note) yield [note, ...columns.slice(1).map(() => '')];
  }
  await pipeline(
    Readable.from(lines()),
    stringify({ header: true, columns: columns.map((c) => c.label), bom: true }),
    out,
  );
  return count;
}

/** An XLSX workbook of the rows (a Report sheet, its header frozen) and an About sheet, to `out`. */
export async function writeReportXlsx(
  records: AsyncIterable<Record<string, Cell>>,
  columns: Column[],
  limit: number,
  out: Writable,
  about: [string, Cell][],
): Promise<RowCount> {
  const count: RowCount = { rows: 0, total: 0 };
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.label, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const cells of capRows(records, columns, limit, count)) sheet.addRow(cells).commit();
  const note = truncationNote('xlsx', count);
  if (note) sheet.addRow([note]).commit();
  sheet.commit();
  const info = workbook.addWorksheet('About');
  info.columns = [
    { header: 'About this report', key: 'name', width: 28 },
    { header: '', key: 'value', width: 80 },
  ];
  info.getRow(1).font = { bold: true };
  for (const [name, value] of [...about, ...(note ? [['Truncated', note] as [string, Cell]] : [])])
    info.addRow([name, neutralise(value)]).commit();
  info.commit();
  await workbook.commit();
  return count;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A file name of the site and the audit's day: `example.com-audit-2026-11-26.csv`. */
function fileName(audit: ReportedAudit, format: ExportFormat) {
  const host = new URL(audit.website).host.replace(/[^\w.-]/g, '_');
  const day = (audit.finishedAt ?? audit.startedAt).slice(0, 10);
  return `${host}-audit-${day}.${format}`;
}

/** Builds the report file in the bucket and answers where to download it. */
export async function exportReport(
  companyId: number,
  audit: ReportedAudit,
  options: ReportDownloadOptions,
  limits: Record<ExportFormat, number> = EXPORT_ROW_LIMITS,
): Promise<ReportDownloadResult> {
  const limit = limits[options.format];
  const columns = reportColumns(options);
  const name = fileName(audit, options.format);
  const key = `${downloadFolder(companyId, audit.id, { options, ignored: audit.ignored ?? [], limit })}${name}`;
  let bytes = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const stored = storeDownload(key, body, CONTENT_TYPES[options.format]);
  const records = reportRecords(companyId, audit, options);
  const chosen = Object.entries(options.pages)
    .filter(([, on]) => on)
    .map(([kind]) => ({ errors: 'errors', warnings: 'warnings', notices: 'notices', noIssues: 'no issues' })[kind])
    .join(', ');
  const written = (
    options.format === 'csv'
      ? writeReportCsv(records, columns, limit, body)
      : writeReportXlsx(records, columns, limit, body, [
          ['Website', audit.website],
          ['Audit finished', audit.finishedAt ?? audit.startedAt],
          ['Health Score', audit.result.score],
          ['Pages with', chosen],
        ])
  ).catch((error: unknown) => {
    // The upload waits for the body's end: a failed build ends it with the error.
    body.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  const [count] = await Promise.all([written, stored]);
  return {
    file: { name, url: await downloadUrl(key, name), bytes },
    format: options.format,
    rows: count.rows,
    total: count.total,
    truncated: count.total > count.rows,
    limit,
  };
}
