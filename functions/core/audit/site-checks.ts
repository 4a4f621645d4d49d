import type { SeoCheckId } from '@shared/seo-checks';
import { SEO_THRESHOLDS as T } from '@shared/seo-thresholds';
import { CrawlState, FLAG, STATUS, UNKNOWN_DEPTH } from './crawl-state';
import type { PageRecord } from './page-record';

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

  constructor(
    readonly state: CrawlState,
    readonly maxRedirects = 5,
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
}

/** The path of an absolute URL, without its query. */
const pathOnly = (url: string) => {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const path = start < 0 ? '/' : url.slice(start);
  const query = path.indexOf('?');
  return query < 0 ? path : path.slice(0, query);
};

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
    test: (g, id) => g.isHtmlPage(id) && !g.has(id, FLAG.start) && g.state.inlinks(id) === 1,
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
    id: 'canonical-broken',
    test: (g, id) => {
      const to = g.state.canonicalTo(id);
      return to >= 0 && to !== id && g.isBroken(to);
    },
  },
  {
    id: 'canonical-redirect',
    test: (g, id) => {
      const to = g.state.canonicalTo(id);
      return to >= 0 && to !== id && g.isRedirect(to);
    },
  },
  {
    id: 'canonical-to-non-canonical',
    test: (g, id) => {
      const to = g.state.canonicalTo(id);
      if (to < 0 || to === id) return false;
      const next = g.state.canonicalTo(to);
      return next >= 0 && next !== to;
    },
  },
  {
    id: 'hreflang-no-return',
    test: (g, id) =>
      (g.state.hreflang.get(id) ?? []).some(
        (to) => to !== id && g.isHtmlPage(to) && !(g.state.hreflang.get(to) ?? []).includes(id),
      ),
  },
  {
    id: 'hreflang-broken',
    test: (g, id) => (g.state.hreflang.get(id) ?? []).some((to) => g.isBroken(to) || g.isRedirect(to)),
  },
  {
    id: 'sitemap-non-200',
    test: (g, id) => g.has(id, FLAG.inSitemap) && g.has(id, FLAG.fetched) && g.status(id) !== 200,
  },
  {
    id: 'sitemap-not-indexable',
    test: (g, id) => g.has(id, FLAG.inSitemap) && g.has(id, FLAG.noindex | FLAG.blocked | FLAG.canonicalElsewhere),
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

/** A check of a page that needs its stored record and the graph: where its links and resources lead. */
export interface RecordCheck {
  id: SeoCheckId;
  test: (graph: SiteGraph, page: PageRecord) => boolean;
}

const sum = (graph: SiteGraph, ids: number[] | undefined) =>
  (ids ?? []).reduce((total, id) => total + graph.state.bytes(id), 0);

export const RECORD_CHECKS: readonly RecordCheck[] = [
  { id: 'broken-internal-link', test: (g, p) => (p.links ?? []).some((id) => g.isBroken(id)) },
  { id: 'img-broken', test: (g, p) => (p.images ?? []).some((id) => g.isBroken(id)) },
  { id: 'img-large', test: (g, p) => (p.images ?? []).some((id) => g.state.bytes(id) > T.imageMaxBytes) },
  { id: 'css-too-large', test: (g, p) => (p.stylesheets ?? []).some((id) => g.state.bytes(id) > T.cssFileMaxBytes) },
  { id: 'js-too-large', test: (g, p) => sum(g, p.scripts) > T.jsTotalMaxBytes },
  {
    id: 'resource-blocked',
    test: (g, p) => [...(p.stylesheets ?? []), ...(p.scripts ?? [])].some((id) => g.has(id, FLAG.blocked)),
  },
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
    id: 'redirect-share',
    test: (g) => {
      const { urls, share } = redirects(g);
      return share > T.redirectShareWarning ? urls : undefined;
    },
    severity: (g) => (redirects(g).share > T.redirectShareError ? 'error' : 'warning'),
  },
];
