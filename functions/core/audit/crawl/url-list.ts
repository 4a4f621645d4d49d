import {
  auditSettingsMessages as M,
  parseSiteUrl,
  URL_LIST_MAX_BYTES,
  URL_LIST_MAX_URLS,
} from '@shared/schemas/audit-settings';
import { fieldError } from '../../errors';

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** The first cell of a CSV row, without its quotes; a TXT line as it is. */
function firstCell(line: string, csv: boolean): string {
  const trimmed = line.trim();
  if (!csv) return trimmed;
  const match = /^"((?:[^"]|"")*)"|^([^,;]*)/.exec(trimmed);
  return (match?.[1]?.replace(/""/g, '"') ?? match?.[2] ?? '').trim();
}

/**
 * Spec 02 §5: an uploaded file of URLs is TXT or CSV, one URL a line (a CSV's first column; a
 * "url" header is skipped), every one a link to the company's site or its subdomains. The first
 * line at fault is named; nothing of a refused file is kept.
 */
export function parseUrlList(fileName: string, text: string, site: URL): string[] {
  const extension = /\.(txt|csv)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (!extension) throw fieldError('fileName', M.file.type);
  if (Buffer.byteLength(text, 'utf8') > URL_LIST_MAX_BYTES) throw fieldError('text', M.file.tooLarge);
  const home = bareHost(site.hostname);
  const urls = new Set<string>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/);
  for (const [index, line] of lines.entries()) {
    const cell = firstCell(line, extension === 'csv');
    if (!cell || (index === 0 && /^url$/i.test(cell))) continue;
    const url = parseSiteUrl(cell);
    if (!url) throw fieldError('text', M.file.invalid(index + 1));
    const host = bareHost(url.hostname);
    if (host !== home && !host.endsWith(`.${home}`)) throw fieldError('text', M.file.foreign(index + 1, url.hostname));
    url.hash = '';
    urls.add(url.href);
    if (urls.size > URL_LIST_MAX_URLS) throw fieldError('text', M.file.tooMany);
  }
  if (!urls.size) throw fieldError('text', M.file.empty);
  return [...urls];
}
