import type { SeoCheckId } from '@shared/seo-checks';
import { SEO_THRESHOLDS as T } from '@shared/seo-thresholds';
import { CrawlState, FLAG, STATUS, UNKNOWN_DEPTH } from '../crawl/crawl-state';
import type { PageRecord } from '../crawl/page-record';
import { decodeSketch, similarity } from './shingles';

/** Near-duplicate candidates: pages sharing one of their few smallest shingle hashes. */
const NEAR_DUPLICATE_KEYS = 4;
/** Each page is compared with at most this many earlier pages of a candidate bucket: linear, not quadratic, on templated sites. */
const NEAR_DUPLICATE_PEERS = 8;

export type RedirectKind = 'none' | 'single' | 'chain' | 'loop';

/**
 * The crawled site as a graph the site checks read: every URL's status, flags, depth and
 * inlinks from the crawl state, plus what needs the whole crawl (duplicate groups, where
 * redirects lead). Built once after the last batch.
 */
export class SiteGraph {
  private readonly titleCount = new Map<string, number>();
  private readonly descriptionCount = new Map<string, number>();
  private readonly contentCount = new Map<string, number>();
  private readonly sketches = new Map<number, Uint32Array>();
  private readonly sketchedTexts = new Set<string>();
  /** Page id → the first page its text is nearly the same as (the group's representative). */
  private nearDuplicateOf: Map<number, number> | undefined;

  constructor(
    readonly state: CrawlState,
    readonly maxRedirects = 5,
    /** A page with fewer links to it (but at least one) is weakly linked (audit settings). */
    readonly minInlinks = 2,
  ) {
    for (let id = 0; id < state.size; id++) {
      if (!this.isIndexablePage(id)) continue;
      count(this.titleCount, state.titleHash[id]);
      count(this.descriptionCount, state.descriptionHash[id]);
      count(this.contentCount, state.contentHash[id]);
    }
  }

  url = (id: number) => this.state.urlOf(id);
  status = (id: number) => this.state.status(id);
  has = (id: number, flag: number) => this.state.has(id, flag);

  /** A URL of the site that the crawl fetched or was refused by robots.txt: what the report counts as pages. */
  isPage(id: number): boolean {
    const s = this.state;
    return !s.has(id, FLAG.resource | FLAG.external) && s.has(id, FLAG.fetched | FLAG.blocked);
  }

  /** An HTML page that answered 200. */
  isHtmlPage = (id: number) => this.state.has(id, FLAG.html) && this.state.status(id) === 200;

  /** Pages that can stand for themselves in search: duplicates among them matter. */
  isIndexablePage(id: number): boolean {
    return this.isHtmlPage(id) && !this.state.has(id, FLAG.noindex | FLAG.canonicalElsewhere);
  }

  /** Answered with an error, failed, or timed out. */
  isBroken(id: number): boolean {
    const status = this.state.status(id);
    return status >= 400 || status === STATUS.timeout || status === STATUS.failed;
  }

  isRedirect = (id: number) => this.state.status(id) >= 300 && this.state.status(id) < 400;

  duplicateTitle = (id: number) =>
    this.isIndexablePage(id) && (this.titleCount.get(this.state.titleHash[id] ?? '') ?? 0) > 1;
  duplicateDescription = (id: number) =>
    this.isIndexablePage(id) && (this.descriptionCount.get(this.state.descriptionHash[id] ?? '') ?? 0) > 1;
  duplicateContent = (id: number) =>
    this.isIndexablePage(id) && (this.contentCount.get(this.state.contentHash[id] ?? '') ?? 0) > 1;

  /** Whether this URL, once its redirects are followed, ends on an error (or loops). */
  leadsToError(id: number): boolean {
    if (!this.isRedirect(id)) return this.isBroken(id);
    if (this.redirectKind(id) === 'loop') return true;
    const end = this.finalTarget(id);
    return end !== undefined && this.isBroken(end);
  }

  /**
   * A page's main-text sketch, kept during the pass over the records. One page per exact text
   * joins the comparison: its copies are duplicate content already.
   */
  addSketch(id: number, sketch: string): void {
    if (!this.isIndexablePage(id)) return;
    const hash = this.state.contentHash[id];
    if (hash) {
      if (this.sketchedTexts.has(hash)) return;
      this.sketchedTexts.add(hash);
    }
    this.sketches.set(id, decodeSketch(sketch));
  }

  /** The representative page whose text this page's nearly repeats, if any. */
  nearDuplicateGroup(id: number): number | undefined {
    this.nearDuplicateOf ??= this.findNearDuplicates();
    return this.nearDuplicateOf.get(id);
  }

  private findNearDuplicates(): Map<number, number> {
    const buckets = new Map<number, number[]>();
    const parent = new Map<number, number>();
    const root = (id: number): number => {
      let at = id;
      while (parent.has(at) && parent.get(at) !== at) at = parent.get(at) ?? at;
      return at;
    };
    for (const [id, sketch] of this.sketches) {
      const peers = new Set<number>();
      for (let k = 0; k < Math.min(NEAR_DUPLICATE_KEYS, sketch.length); k++) {
        const key = sketch[k] ?? 0;
        let bucket = buckets.get(key);
        if (!bucket) buckets.set(key, (bucket = []));
        for (const peer of bucket.slice(-NEAR_DUPLICATE_PEERS)) peers.add(peer);
        bucket.push(id);
      }
      for (const peer of peers) {
        const other = this.sketches.get(peer);
        if (!other) continue;
        if (similarity(sketch, other) < T.nearDuplicateSimilarity) continue;
        const a = root(peer);
        const b = root(id);
        parent.set(b, a);
        parent.set(a, a);
      }
    }
    const groups = new Map<number, number>();
    for (const id of parent.keys()) groups.set(id, root(id));
    return groups;
  }

  /** Where following redirects from this URL leads: one hop, a chain of several, or a loop. */
  redirectKind(id: number): RedirectKind {
    if (!this.isRedirect(id)) return 'none';
    const seen = new Set([id]);
    let at = this.state.redirectTo(id);
    let hops = 1;
    while (at >= 0 && this.isRedirect(at)) {
      if (seen.has(at)) return 'loop';
      seen.add(at);
      hops++;
      if (hops > this.maxRedirects + 1) return 'loop';
      at = this.state.redirectTo(at);
    }
    return hops > 1 ? 'chain' : 'single';
  }

  /** The page this URL's redirects end on, or undefined for a loop or a redirect off the site. */
  finalTarget(id: number): number | undefined {
    const seen = new Set<number>();
    let at = id;
    while (this.isRedirect(at)) {
      if (seen.has(at) || seen.size > this.maxRedirects) return undefined;
      seen.add(at);
      const next = this.state.redirectTo(at);
      if (next < 0) return undefined;
      at = next;
    }
    return at;
  }
}

function count(map: Map<string, number>, key: string | undefined) {
  if (key) map.set(key, (map.get(key) ?? 0) + 1);
}

/** A check over one URL and the site graph (status, redirects, duplicates, orphans, sitemap). */
export interface UrlCheck {
  id: SeoCheckId;
  test: (graph: SiteGraph, id: number) => boolean;
  /** The URLs behind the issue (the canonical or alternates it points at), for the report. */
  targets?: (graph: SiteGraph, id: number) => number[];
}

const canonicalTarget = (g: SiteGraph, id: number) => {
  const to = g.state.canonicalTo(id);
  return to >= 0 && to !== id ? [to] : [];
};
const alternates = (g: SiteGraph, id: number) => (g.state.hreflang.get(id) ?? []).filter((to) => to !== id);
const alternatesWhere = (test: (g: SiteGraph, to: number) => boolean) => (g: SiteGraph, id: number) =>
  alternates(g, id).filter((to) => test(g, to));

/** The path of an absolute URL, without its query. */
const pathOnly = (url: string) => {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const path = start < 0 ? '/' : url.slice(start);
  const query = path.indexOf('?');
  return query < 0 ? path : path.slice(0, query);
};

const noReturn = (g: SiteGraph, id: number) =>
  alternates(g, id).filter((to) => g.isHtmlPage(to) && !(g.state.hreflang.get(to) ?? []).includes(id));
const brokenAlternates = alternatesWhere((g, to) => g.isBroken(to) || g.isRedirect(to));
const noindexAlternates = alternatesWhere((g, to) => g.isHtmlPage(to) && g.has(to, FLAG.noindex));
const nonCanonicalAlternates = alternatesWhere((g, to) => g.isHtmlPage(to) && g.has(to, FLAG.canonicalElsewhere));

export const URL_CHECKS: readonly UrlCheck[] = [
  { id: 'http-4xx', test: (g, id) => g.status(id) >= 400 && g.status(id) < 500 },
  { id: 'http-5xx', test: (g, id) => g.status(id) >= 500 },
  { id: 'timeout', test: (g, id) => g.status(id) === STATUS.timeout },
  { id: 'fetch-failed', test: (g, id) => g.status(id) === STATUS.failed },
  { id: 'html-too-large', test: (g, id) => g.status(id) === STATUS.tooLarge },
  { id: 'blocked-by-robots', test: (g, id) => g.has(id, FLAG.blocked) },
  {
    id: 'deep-page',
    test: (g, id) => g.isHtmlPage(id) && g.state.depth(id) !== UNKNOWN_DEPTH && g.state.depth(id) > T.maxClickDepth,
  },
  {
    id: 'orphan',
    test: (g, id) =>
      g.has(id, FLAG.inSitemap) && !g.has(id, FLAG.start) && g.state.inlinks(id) === 0 && g.isHtmlPage(id),
  },
  {
    id: 'single-inlink',
    test: (g, id) =>
      g.isHtmlPage(id) && !g.has(id, FLAG.start) && g.state.inlinks(id) > 0 && g.state.inlinks(id) < g.minInlinks,
  },
  { id: 'redirect', test: (g, id) => g.isRedirect(id) },
  { id: 'redirect-chain', test: (g, id) => g.redirectKind(id) === 'chain' },
  { id: 'redirect-loop', test: (g, id) => g.redirectKind(id) === 'loop' },
  { id: 'redirect-temporary', test: (g, id) => [302, 303, 307].includes(g.status(id)) },
  { id: 'redirect-permanent', test: (g, id) => g.status(id) === 301 || g.status(id) === 308 },
  { id: 'title-duplicate', test: (g, id) => g.duplicateTitle(id) },
  { id: 'description-duplicate', test: (g, id) => g.duplicateDescription(id) },
  { id: 'duplicate-content', test: (g, id) => g.duplicateContent(id) },
  {
    id: 'near-duplicate-content',
    test: (g, id) => g.nearDuplicateGroup(id) !== undefined,
    targets: (g, id) => {
      const group = g.nearDuplicateGroup(id);
      return group === undefined || group === id ? [] : [group];
    },
  },
  {
    id: 'canonical-broken',
    test: (g, id) => canonicalTarget(g, id).some((to) => g.isBroken(to)),
    targets: canonicalTarget,
  },
  {
    id: 'canonical-redirect',
    test: (g, id) => canonicalTarget(g, id).some((to) => g.isRedirect(to)),
    targets: canonicalTarget,
  },
  {
    id: 'canonical-to-non-canonical',
    test: (g, id) =>
      canonicalTarget(g, id).some((to) => {
        const next = g.state.canonicalTo(to);
        return next >= 0 && next !== to;
      }),
    targets: canonicalTarget,
  },
  {
    id: 'hreflang-no-return',
    test: (g, id) => noReturn(g, id).length > 0,
    targets: (g, id) => noReturn(g, id),
  },
  {
    id: 'hreflang-broken',
    test: (g, id) => brokenAlternates(g, id).length > 0,
    targets: (g, id) => brokenAlternates(g, id),
  },
  {
    id: 'hreflang-to-noindex',
    test: (g, id) => noindexAlternates(g, id).length > 0,
    targets: (g, id) => noindexAlternates(g, id),
  },
  {
    id: 'hreflang-to-non-canonical',
    test: (g, id) => nonCanonicalAlternates(g, id).length > 0,
    targets: (g, id) => nonCanonicalAlternates(g, id),
  },
  {
    id: 'sitemap-non-200',
    test: (g, id) => g.has(id, FLAG.inSitemap) && g.has(id, FLAG.fetched) && g.status(id) !== 200,
  },
  {
    id: 'sitemap-not-indexable',
    test: (g, id) => g.has(id, FLAG.inSitemap) && g.has(id, FLAG.noindex | FLAG.canonicalElsewhere),
  },
  {
    id: 'sitemap-blocked',
    test: (g, id) => g.has(id, FLAG.inSitemap) && g.has(id, FLAG.disallowed | FLAG.blocked),
  },
  { id: 'url-too-long', test: (g, id) => g.url(id).length > T.urlMaxError },
  { id: 'url-long', test: (g, id) => g.url(id).length > T.urlMaxNotice && g.url(id).length <= T.urlMaxError },
  { id: 'url-underscores', test: (g, id) => pathOnly(g.url(id)).includes('_') },
  {
    id: 'url-bad-characters',
    test: (g, id) => {
      const p = pathOnly(g.url(id));
      return p.includes('//') || p.includes('%20');
    },
  },
  {
    id: 'url-many-params',
    test: (g, id) => {
      const query = g.url(id).split('?')[1];
      return !!query && query.split('&').length > T.maxQueryParams;
    },
  },
];

/**
 * A check of a page that needs its stored record and the graph: where its links and resources
 * lead. `targets` are the links or files behind the issue; the page has it when there are any.
 */
export interface RecordCheck {
  id: SeoCheckId;
  targets: (graph: SiteGraph, page: PageRecord) => number[];
}

const sum = (graph: SiteGraph, ids: number[] | undefined) =>
  (ids ?? []).reduce((total, id) => total + graph.state.bytes(id), 0);
const where = (ids: number[] | undefined, test: (id: number) => boolean) => (ids ?? []).filter(test);
const textFiles = (p: PageRecord) => [...(p.stylesheets ?? []), ...(p.scripts ?? [])];
const allFiles = (p: PageRecord) => [...textFiles(p), ...(p.images ?? []), ...(p.others ?? [])];

export const RECORD_CHECKS: readonly RecordCheck[] = [
  // A link through redirects into an error is as broken as a link to the error itself.
  { id: 'broken-internal-link', targets: (g, p) => where(p.links, (id) => g.leadsToError(id)) },
  { id: 'broken-external-link', targets: (g, p) => where(p.externals, (id) => g.isBroken(id)) },
  { id: 'img-broken', targets: (g, p) => where(p.images, (id) => g.isBroken(id)) },
  { id: 'img-large', targets: (g, p) => where(p.images, (id) => g.state.bytes(id) > T.imageMaxBytes) },
  { id: 'css-too-large', targets: (g, p) => where(p.stylesheets, (id) => g.state.bytes(id) > T.cssFileMaxBytes) },
  { id: 'js-too-large', targets: (g, p) => (sum(g, p.scripts) > T.jsTotalMaxBytes ? (p.scripts ?? []) : []) },
  { id: 'css-broken', targets: (g, p) => where(p.stylesheets, (id) => g.isBroken(id)) },
  { id: 'js-broken', targets: (g, p) => where(p.scripts, (id) => g.isBroken(id)) },
  { id: 'resource-broken', targets: (g, p) => where(p.others, (id) => g.isBroken(id)) },
  { id: 'resource-uncompressed', targets: (g, p) => textFiles(p).filter((id) => g.has(id, FLAG.uncompressed)) },
  { id: 'resource-uncached', targets: (g, p) => allFiles(p).filter((id) => g.has(id, FLAG.uncached)) },
  { id: 'resource-blocked', targets: (g, p) => textFiles(p).filter((id) => g.has(id, FLAG.blocked)) },
];

/** A check of the whole site: the URLs it concerns when it fails (the sitemaps, robots.txt...), else undefined. */
export interface SiteCheck {
  id: SeoCheckId;
  test: (graph: SiteGraph, startUrl: URL) => string[] | undefined;
  /** The share checks escalate: over 10% of redirects is an error, over 5% a warning. */
  severity?: (graph: SiteGraph) => 'error' | 'warning';
}

/** The redirecting URLs, and their share of the pages. */
const redirects = (g: SiteGraph) => {
  let pages = 0;
  const urls: string[] = [];
  for (let id = 0; id < g.state.size; id++) {
    if (!g.isPage(id)) continue;
    pages++;
    if (g.isRedirect(id)) urls.push(g.url(id));
  }
  return { urls, share: pages ? urls.length / pages : 0 };
};

export const SITE_CHECKS: readonly SiteCheck[] = [
  {
    id: 'sitemap-missing',
    test: (g, start) => (g.state.site.sitemapUrls.length ? undefined : [`${start.origin}/sitemap.xml`]),
  },
  {
    id: 'robots-missing',
    test: (g, start) => (g.state.site.robotsMissing ? [`${start.origin}/robots.txt`] : undefined),
  },
  { id: 'sitemap-format', test: (g) => (g.state.site.sitemapErrors.length ? g.state.site.sitemapErrors : undefined) },
  {
    id: 'sitemap-too-large',
    test: (g) => (g.state.site.sitemapTooLarge.length ? g.state.site.sitemapTooLarge : undefined),
  },
  {
    id: 'no-https-redirect',
    test: (g, start) => (g.state.site.httpRedirect === 'none' ? [`http://${start.host}/`] : undefined),
  },
  {
    id: 'certificate-expiring',
    test: (g, start) => {
      const expires = g.state.site.certificateExpires;
      if (!expires) return undefined;
      const soon = Date.parse(expires) - Date.now() < T.certificateWarnDays * 86_400_000;
      return soon ? [start.origin] : undefined;
    },
  },
  {
    id: 'redirect-share',
    test: (g) => {
      const { urls, share } = redirects(g);
      return share > T.redirectShareWarning ? urls : undefined;
    },
    severity: (g) => (redirects(g).share > T.redirectShareError ? 'error' : 'warning'),
  },
];
