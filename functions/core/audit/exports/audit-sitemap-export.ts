import type { PageRow } from '@shared/schemas/seo-audit';
import { SITEMAP_DEPTH_LEVELS, type SitemapOptions, type SitemapResult } from '@shared/schemas/seo-audit-downloads';
import { SEO_THRESHOLDS } from '@shared/seo-thresholds';
import { downloadFolder, downloadUrl, storeDownload } from './audit-downloads';
import { loadAuditView, loadCrawlState, readPageRecords } from '../audit-objects';
import type { ReportedAudit } from '../report/audit-reads';
import { CrawlState } from '../crawl/crawl-state';

/**
 * A sitemap of the audit's indexable pages (spec 02 §3 "Sitemap generation"): the pages that
 * answered 200 with HTML, not noindex, not canonicalised elsewhere and not blocked, each with
 * the change frequency and priority of its crawl depth and the last-modified day chosen, and
 * optionally the images it shows (Google's image extension). Past the protocol's 50,000 URLs or
 * 50 MB per file (sitemaps.org; spec 02 §9) it is split into sitemap-1.xml, sitemap-2.xml... and
 * sitemap.xml becomes the index naming them at the site's root, where they are to be uploaded.
 */

export interface SitemapEntry {
  loc: string;
  /** Click depth from the home page; null for a page reached only through a sitemap. */
  depth: number | null;
  images?: string[];
}

export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}
const SITEMAP_LIMITS: SitemapLimits = {
  maxUrls: SEO_THRESHOLDS.sitemapMaxUrls,
  maxBytes: SEO_THRESHOLDS.sitemapMaxBytes,
};

/** Google reads at most this many images per page. */
const MAX_IMAGES_PER_PAGE = 1000;

const escapeXml = (text: string) =>
  text.replace(/[&<>'"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

const URLSET_OPEN = (images: boolean) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"' +
  (images ? ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"' : '') +
  '>\n';
const URLSET_CLOSE = '</urlset>\n';

/** The settings of a depth: 0-4 their own, deeper pages and sitemap-only ones the last level's. */
const levelOf = (depth: number | null) =>
  depth === null ? SITEMAP_DEPTH_LEVELS - 1 : Math.min(depth, SITEMAP_DEPTH_LEVELS - 1);

function urlElement(entry: SitemapEntry, options: SitemapOptions, lastmod: string | undefined): string {
  const level = options.depths[levelOf(entry.depth)] ?? options.depths[options.depths.length - 1];
  const images = options.pageTypes.includes('images') ? (entry.images ?? []).slice(0, MAX_IMAGES_PER_PAGE) : [];
  return (
    `  <url>\n    <loc>${escapeXml(entry.loc)}</loc>\n` +
    (lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : '') +
    (level
      ? `    <changefreq>${level.changefreq}</changefreq>\n    <priority>${level.priority.toFixed(1)}</priority>\n`
      : '') +
    images
      .map((src) => `    <image:image>\n      <image:loc>${escapeXml(src)}</image:loc>\n    </image:image>\n`)
      .join('') +
    '  </url>\n'
  );
}

export interface SitemapFile {
  name: string;
  xml: string;
  urls: number;
}

/**
 * The sitemap files for these pages: one sitemap.xml when it fits the limits, else the parts
 * and a sitemap.xml index naming them under `origin`.
 */
export function buildSitemaps(
  entries: SitemapEntry[],
  options: SitemapOptions,
  lastmod: string | undefined,
  origin: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): SitemapFile[] {
  const withImages = options.pageTypes.includes('images');
  const open = URLSET_OPEN(withImages);
  const frame = Buffer.byteLength(open) + Buffer.byteLength(URLSET_CLOSE);
  const parts: { elements: string[]; bytes: number }[] = [];
  let part = { elements: [] as string[], bytes: frame };
  for (const entry of entries) {
    const element = urlElement(entry, options, lastmod);
    const size = Buffer.byteLength(element);
    if (part.elements.length && (part.elements.length >= limits.maxUrls || part.bytes + size > limits.maxBytes)) {
      parts.push(part);
      part = { elements: [], bytes: frame };
    }
    part.elements.push(element);
    part.bytes += size;
  }
  parts.push(part);
  const files = parts.map((p, i) => ({
    name: parts.length === 1 ? 'sitemap.xml' : `sitemap-${i + 1}.xml`,
    xml: open + p.elements.join('') + URLSET_CLOSE,
    urls: p.elements.length,
  }));
  if (files.length === 1) return files;
  const index =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files
      .map(
        (file) =>
          `  <sitemap>\n    <loc>${escapeXml(`${origin}/${file.name}`)}</loc>\n` +
          (lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : '') +
          '  </sitemap>\n',
      )
      .join('') +
    '</sitemapindex>\n';
  return [{ name: 'sitemap.xml', xml: index, urls: 0 }, ...files];
}

/** The images each crawled page shows that answered 200, from the crawl's page records. */
async function imagesByPage(companyId: number, auditId: string): Promise<Map<string, string[]>> {
  const images = new Map<string, string[]>();
  const saved = await loadCrawlState(companyId, auditId);
  // An audit whose crawl state is gone (a demo company's sample audits) lists pages only.
  if (!saved) return images;
  const state = CrawlState.fromJSON(saved);
  for await (const record of readPageRecords(companyId, auditId, state.counters.chunks)) {
    const shown = (record.images ?? []).filter((id) => state.status(id) === 200).map((id) => state.urlOf(id));
    if (shown.length) images.set(record.url, shown);
  }
  return images;
}

/**
 * A page whose canonical names another http(s) address, on this site or another (the crawl
 * marks only same-site ones as canonicalised): the sitemap lists originals only.
 */
function canonicalElsewhere(page: PageRow): boolean {
  if (!page.canonical) return false;
  let canonical: URL;
  try {
    canonical = new URL(page.canonical, page.url);
  } catch {
    return false;
  }
  // A canonical search engines cannot use (file:, a typo) leaves the page its own original.
  if (canonical.protocol !== 'http:' && canonical.protocol !== 'https:') return false;
  canonical.hash = '';
  const bare = (url: string) => url.replace(/\/$/, '');
  return bare(canonical.href) !== bare(page.url);
}

/** The indexable pages of the audit, the home page first, then by depth and address. */
async function sitemapEntries(companyId: number, audit: ReportedAudit, withImages: boolean): Promise<SitemapEntry[]> {
  const [pages, images] = await Promise.all([
    loadAuditView<PageRow>(companyId, audit.id, 'pages'),
    withImages ? imagesByPage(companyId, audit.id) : Promise.resolve(new Map<string, string[]>()),
  ]);
  return pages.rows
    .filter((page) => page.status === 200 && page.indexability === 'indexable' && !canonicalElsewhere(page))
    .sort((a, b) => (a.depth ?? Infinity) - (b.depth ?? Infinity) || a.url.localeCompare(b.url))
    .map((page) => ({
      loc: page.url,
      depth: page.depth,
      ...(images.has(page.url) ? { images: images.get(page.url) } : {}),
    }));
}

/** Generates the sitemap files into the bucket and answers where to download each. */
export async function exportSitemap(
  companyId: number,
  audit: ReportedAudit,
  options: SitemapOptions,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<SitemapResult> {
  const entries = await sitemapEntries(companyId, audit, options.pageTypes.includes('images'));
  const lastmod =
    options.lastmod.mode === 'custom'
      ? options.lastmod.date
      : options.lastmod.mode === 'audit'
        ? (audit.finishedAt ?? audit.startedAt).slice(0, 10)
        : undefined;
  const files = buildSitemaps(entries, options, lastmod, new URL(audit.website).origin, limits);
  const folder = downloadFolder(companyId, audit.id, { sitemap: options, limits });
  const stored = await Promise.all(
    files.map(async (file) => {
      const key = `${folder}${file.name}`;
      await storeDownload(key, file.xml, 'application/xml; charset=utf-8');
      return {
        name: file.name,
        url: await downloadUrl(key, file.name),
        bytes: Buffer.byteLength(file.xml),
        urls: file.urls,
      };
    }),
  );
  return { urls: entries.length, index: files.length > 1, files: stored };
}
