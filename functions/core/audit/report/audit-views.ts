import type { AuditStats, LinkRow, PageRow, ResourceRow } from '@shared/schemas/seo-audit';
import type { AuditAnalysis } from './audit-analysis';
import { saveAuditView } from '../audit-objects';
import { CrawlState, FLAG, STATUS, UNKNOWN_DEPTH } from '../crawl/crawl-state';
import type { PageRecord } from '../crawl/page-record';

/**
 * The lists the audit's views page through (crawled pages, found links, found resources),
 * written to the bucket once when the audit finishes, and the overview's figures, kept on the
 * audit item. One more pass over the stored page records; the lists are capped so that a
 * 100,000-page crawl's links stay a file a Lambda can read.
 */
const MAX_LINK_ROWS = 200_000;

const RESPONSE_RANGES = [
  { name: 'under 200 ms', max: 200 },
  { name: '200-500 ms', max: 500 },
  { name: '500 ms-1 s', max: 1000 },
  { name: '1-3 s', max: 3000 },
  { name: 'over 3 s', max: Infinity },
] as const;

const statusKey = (status: number) =>
  status === STATUS.timeout
    ? 'timeout'
    : status <= STATUS.failed || status === STATUS.unfetched
      ? 'failed'
      : String(status);

function indexabilityOf(state: CrawlState, id: number): PageRow['indexability'] {
  if (state.has(id, FLAG.blocked)) return 'blocked';
  if (state.status(id) !== 200 || !state.has(id, FLAG.html)) return 'not-200';
  if (state.has(id, FLAG.noindex)) return 'noindex';
  if (state.has(id, FLAG.canonicalElsewhere)) return 'canonicalized';
  return 'indexable';
}

const bump = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1);

/** The domain metrics a crawl can know (the rest need a search engine's or a backlink index's data). */
function domainOf(state: CrawlState): NonNullable<AuditStats['domain']> {
  let start: URL | undefined;
  let sitemapPages = 0;
  const linked = new Set<string>();
  for (let id = 0; id < state.size; id++) {
    if (state.has(id, FLAG.external)) {
      if (!state.has(id, FLAG.resource)) linked.add(new URL(state.urlOf(id)).hostname);
      continue;
    }
    if (!start && state.has(id, FLAG.start)) start = new URL(state.urlOf(id));
    if (state.has(id, FLAG.inSitemap) && !state.has(id, FLAG.resource)) sitemapPages++;
  }
  const expires = state.site.certificateExpires;
  return {
    host: start?.host ?? '',
    https: start?.protocol === 'https:',
    ...(expires ? { certificateExpires: expires } : {}),
    sitemapPages,
    linkedDomains: linked.size,
  };
}

export async function writeAuditViews(
  companyId: number,
  auditId: string,
  state: CrawlState,
  records: AsyncIterable<PageRecord>,
  analysis: AuditAnalysis,
): Promise<AuditStats> {
  const issuesOf = new Map<string, number>();
  for (const entries of analysis.entries.values())
    for (const { url } of entries) issuesOf.set(url, (issuesOf.get(url) ?? 0) + 1);

  const stats: AuditStats = {
    statusCodes: {},
    depths: {},
    links: { internal: 0, external: 0, follow: 0, nofollow: 0 },
    indexability: { indexable: 0, noindex: 0, canonicalized: 0, blocked: 0, notOk: 0 },
    responseTime: { averageMs: 0, ranges: Object.fromEntries(RESPONSE_RANGES.map((r) => [r.name, 0])) },
    pageHealth: analysis.pageHealth,
  };
  const pages: PageRow[] = [];
  const links: LinkRow[] = [];
  const usedBy = new Map<number, { type: ResourceRow['type']; pages: number }>();
  let timed = 0;
  let totalMs = 0;

  const use = (ids: number[] | undefined, type: ResourceRow['type']) => {
    for (const id of ids ?? []) {
      const seen = usedBy.get(id);
      if (seen) seen.pages++;
      else usedBy.set(id, { type, pages: 1 });
    }
  };

  const seenPages = new Set<number>();
  for await (const record of records) {
    seenPages.add(record.id);
    const id = record.id;
    const depth = state.depth(id);
    const indexability = indexabilityOf(state, id);
    pages.push({
      url: record.url,
      status: state.status(id),
      ...(record.title ? { title: record.title } : {}),
      ...(record.description ? { description: record.description } : {}),
      ...(record.h1 ? { h1: record.h1 } : {}),
      ...(record.h2 !== undefined ? { h2: record.h2 } : {}),
      depth: depth === UNKNOWN_DEPTH ? null : depth,
      inlinks: state.inlinks(id),
      ...(record.outlinks !== undefined ? { outlinks: record.outlinks } : {}),
      ...(record.bytes !== undefined ? { bytes: record.bytes } : {}),
      ...(record.ms !== undefined ? { ms: record.ms } : {}),
      indexability,
      ...(record.canonical ? { canonical: record.canonical } : {}),
      ...(record.hreflangs ? { hreflangs: record.hreflangs } : {}),
      ...(record.words !== undefined ? { words: record.words } : {}),
      issues: issuesOf.get(record.url) ?? 0,
    });
    if (record.ms !== undefined && state.has(id, FLAG.html)) {
      timed++;
      totalMs += record.ms;
      const range = RESPONSE_RANGES.find((r) => (record.ms ?? 0) < r.max) ?? RESPONSE_RANGES[4];
      bump(stats.responseTime.ranges, range.name);
    }
    const nofollow = new Set(record.nofollow ?? []);
    const targets = [...(record.links ?? []), ...(record.externals ?? [])];
    targets.forEach((to, i) => {
      const external = state.has(to, FLAG.external);
      stats.links[external ? 'external' : 'internal']++;
      stats.links[nofollow.has(to) ? 'nofollow' : 'follow']++;
      if (links.length >= MAX_LINK_ROWS) return;
      links.push({
        source: record.url,
        target: state.urlOf(to),
        anchor: record.anchors?.[i] ?? '',
        type: external ? 'external' : 'internal',
        nofollow: nofollow.has(to),
        status: Math.max(0, state.status(to)),
      });
    });
    use(record.images, 'image');
    use(record.stylesheets, 'css');
    use(record.scripts, 'js');
    use(record.others, 'other');
  }

  // Pages refused by robots.txt have no record; they are pages of the audit all the same.
  for (let id = 0; id < state.size; id++) {
    if (seenPages.has(id) || !state.has(id, FLAG.blocked) || state.has(id, FLAG.resource | FLAG.external)) continue;
    pages.push({
      url: state.urlOf(id),
      status: 0,
      depth: null,
      inlinks: state.inlinks(id),
      indexability: 'blocked',
      issues: issuesOf.get(state.urlOf(id)) ?? 0,
    });
  }
  for (const page of pages) {
    const id = state.idOf(page.url) ?? -1;
    if (page.indexability === 'not-200') stats.indexability.notOk++;
    else stats.indexability[page.indexability]++;
    bump(stats.depths, page.depth === null ? 'unknown' : String(page.depth));
    bump(stats.statusCodes, page.indexability === 'blocked' ? 'blocked' : statusKey(state.status(id)));
  }
  stats.responseTime.averageMs = timed ? Math.round(totalMs / timed) : 0;
  stats.domain = domainOf(state);

  const resources: ResourceRow[] = [...usedBy].map(([id, { type, pages: count }]) => ({
    url: state.urlOf(id),
    type,
    status: Math.max(0, state.status(id)),
    bytes: state.bytes(id),
    pages: count,
    compressed: !state.has(id, FLAG.uncompressed),
    cached: !state.has(id, FLAG.uncached),
  }));

  await Promise.all([
    saveAuditView(companyId, auditId, 'pages', { rows: pages, truncated: false }),
    saveAuditView(companyId, auditId, 'links', { rows: links, truncated: links.length >= MAX_LINK_ROWS }),
    saveAuditView(companyId, auditId, 'resources', { rows: resources, truncated: false }),
  ]);
  return stats;
}
