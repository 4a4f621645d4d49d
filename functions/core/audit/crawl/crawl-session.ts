import type { AuditSettings } from '@shared/schemas/seo';
import { seoCheck } from '@shared/seo-checks';
import {
  createSafeAgent,
  FetchRefusedError,
  safeFetch,
  type SafeAgent,
  type SafeAgentOptions,
  type SafeResponse,
} from '../../net';
import { crawlerUserAgent, robotsToken } from './crawl-policy';
import { CrawlScope, crawlKey, withoutParameters } from './crawl-scope';
import { CrawlState, FLAG, STATUS, UNKNOWN_DEPTH } from './crawl-state';
import type { PageRenderer } from './page-render';
import type { PageRecord, PageSink } from './page-record';
import { fetchRobotsTxt, RobotsRules } from './robots';

/**
 * Pages that looked slow are timed again until this many were confirmed slow (and at most a
 * quarter as many were not): from then on the site is slow, not the crawl, and a first
 * measurement stands. A slow site is fetched once, not twice.
 */
const SLOW_SAMPLE = 5;

/** Requests to one host: at most one per interval (the rate limit, or robots.txt's Crawl-delay). */
export class HostGate {
  /** When the last request was let go (epoch ms). */
  private last: number;
  /** The requests waiting, in turn: each is let go only once the one before has been. */
  private turn: Promise<void> = Promise.resolve();

  constructor(
    readonly intervalMs: number,
    /** The earliest time (epoch ms) of the next request: a saved crawl's pacing goes on from its last batch. */
    next: number,
    private readonly remember?: (at: number) => void,
  ) {
    this.last = next - intervalMs;
  }

  /**
   * Resolves when this request may go. Requests go one at a time, each at least the interval
   * after the one before as the clock reads when it goes: a timer that fires late (a busy event
   * loop) delays the requests after it rather than letting them go together.
   */
  wait(): Promise<void> {
    if (this.intervalMs <= 0) return Promise.resolve();
    const mine = this.turn.then(async () => {
      for (;;) {
        const left = this.last + this.intervalMs - Date.now();
        if (left <= 0) break;
        await new Promise((resolve) => setTimeout(resolve, left));
      }
      this.last = Date.now();
      this.remember?.(this.last);
    });
    this.turn = mine;
    return mine;
  }
}

/** What a crawl worker does next: visit a page or a resource, or time a slow-looking page again. */
export type Work =
  | { id: number; kind: 'page'; linked: boolean }
  | { id: number; kind: 'resource' }
  | { kind: 'recheck'; page: PageRecord };

export interface SessionOptions {
  startUrl: string;
  settings: AuditSettings;
  sink: PageSink;
  timeoutMs?: number;
  agent?: SafeAgentOptions;
  signal?: AbortSignal;
  /** The site's basic-auth credentials (audit settings), sent to the site's own pages only. */
  basicAuth?: { login: string; password: string };
  /** When another audit last gave the site's host back (epoch ms). */
  hostReleasedAt?: number;
}

/**
 * What one crawl batch shares between its visits: the state it learns into, the site's scope
 * and robots.txt, one connection pool, a rate gate per host, the frontier's rules (what is kept
 * and queued), the sink, and the slow-page sampling. The visits (page-visit.ts,
 * resource-visit.ts) are functions of it; crawler.ts runs them.
 */
export class CrawlSession {
  readonly settings: AuditSettings;
  readonly start: URL;
  readonly scope: CrawlScope;
  readonly userAgent: string;
  readonly timeoutMs: number;
  readonly dispatcher: SafeAgent;
  readonly robots: RobotsRules;
  readonly pageHeaders: Record<string, string>;
  /** The Authorization header of the site's own requests, when the settings give basic auth. */
  readonly authorization: string | undefined;
  /** TLS options of the pool (a test CA), for the certificate probe's own handshake. */
  readonly tls: SafeAgentOptions['tls'];
  /** Spread into every fetch: the Task's signal, when there is one. */
  readonly signalled: { signal?: AbortSignal };
  /** Renders the HTML pages when the settings ask for JavaScript rendering and the runtime can (crawler.ts). */
  renderer: PageRenderer | undefined;
  /** Re-checks of slow-looking pages in flight now. */
  rechecking = 0;
  /** Pages reached by links in flight now: while any is, the sitemap's pages wait (their links may reach them first, with their depth). */
  linkedInFlight = 0;
  private readonly robotsLoading = new Map<string, Promise<void>>();
  private readonly gates = new Map<string, HostGate>();

  constructor(
    readonly state: CrawlState,
    private readonly options: SessionOptions,
  ) {
    this.settings = options.settings;
    this.start = new URL(options.startUrl);
    this.scope = new CrawlScope(this.start, this.settings);
    this.userAgent = this.settings.userAgent ?? crawlerUserAgent(this.settings.device);
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.dispatcher = createSafeAgent({ connections: this.settings.concurrency, ...options.agent });
    this.robots = new RobotsRules(state.site.robots, robotsToken(this.settings));
    this.pageHeaders = { 'user-agent': this.userAgent, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' };
    const auth = options.basicAuth;
    this.authorization = auth
      ? `Basic ${Buffer.from(`${auth.login}:${auth.password}`, 'utf8').toString('base64')}`
      : undefined;
    this.signalled = options.signal ? { signal: options.signal } : {};
    this.tls = options.agent?.tls;
  }

  /** robots.txt of an origin, fetched once per crawl (its text is kept in the state). */
  ensureRobots(origin: string): Promise<void> {
    if (this.robots.known(origin)) return Promise.resolve();
    let loading = this.robotsLoading.get(origin);
    if (!loading) {
      const { dispatcher, userAgent, timeoutMs } = this;
      const headers = this.headersFor(new URL(origin));
      loading = fetchRobotsTxt(origin, { dispatcher, userAgent, timeoutMs, headers }).then((text) => {
        this.state.site.robots[origin] = text;
        if (origin === this.start.origin && text === null) this.state.site.robotsMissing = true;
      });
      this.robotsLoading.set(origin, loading);
    }
    return loading;
  }

  /** One page request: redirects recorded, not followed; capped at the settings' page size; under the Task's signal. */
  fetchPage(target: URL): Promise<SafeResponse> {
    return safeFetch(target, {
      dispatcher: this.dispatcher,
      headers: { ...this.pageHeaders, ...this.headersFor(target) },
      followRedirects: false,
      maxBytes: this.settings.maxPageBytes,
      timeoutMs: this.timeoutMs,
      ...this.signalled,
    });
  }

  /** The basic-auth header for a URL of the site itself; never for another site. */
  headersFor(url: URL): Record<string, string> {
    return this.authorization && this.scope.inSite(url) ? { authorization: this.authorization } : {};
  }

  /** The URL as the crawl keeps it: the query parameters the settings ignore dropped. */
  private clean(url: URL): URL {
    return withoutParameters(url, this.settings.ignoreUrlParameters);
  }

  /** False when the settings follow robots.txt and it disallows the URL. */
  robotsAllow(url: string, origin: string): boolean {
    return !this.settings.followRobots || this.robots.allowed(url, origin);
  }

  /** The host's gate: the configured rate, or robots.txt's Crawl-delay when longer. */
  gateOf(origin: string): HostGate {
    let gate = this.gates.get(origin);
    if (!gate) {
      const { requestsPerSecond, followRobots } = this.settings;
      const rateMs = requestsPerSecond > 0 ? 1000 / requestsPerSecond : 0;
      const delay = followRobots ? (this.robots.crawlDelay(origin) ?? 0) * 1000 : 0;
      const intervalMs = Math.max(rateMs, delay);
      // The site's own pacing is kept with the crawl, so a new batch does not open with a burst.
      const own = origin === this.start.origin;
      // And after another audit of the host, the first request waits its interval from the hand-over.
      const last = own
        ? Math.max(this.state.site.lastRequestAt ?? 0, this.options.hostReleasedAt ?? 0) || undefined
        : undefined;
      gate = new HostGate(
        intervalMs,
        last === undefined ? 0 : last + intervalMs,
        own ? (at) => (this.state.site.lastRequestAt = at) : undefined,
      );
      this.gates.set(origin, gate);
    }
    return gate;
  }

  /** Room for one more page in the crawl: the frontier and the known URLs stay within maxPages. */
  roomForPage = () => this.state.counters.queuedPages < this.settings.maxPages;

  /**
   * A page is followed within the prefix rules, maxDepth and maxPages. A page met only through
   * the sitemap has no click depth, nor do the pages it links to: they are followed (maxPages
   * still bounds them) with their depth unknown, never a made-up one.
   */
  private pageWanted = (url: URL, depth: number) =>
    this.scope.allowed(url) && (depth <= this.settings.maxDepth || depth >= UNKNOWN_DEPTH) && this.roomForPage();

  /** The start page, queued when the crawl begins. */
  seedStart(): void {
    const { state } = this;
    const { id } = state.intern(crawlKey(this.start));
    state.flag(id, FLAG.start | FLAG.reached | FLAG.queued);
    state.counters.queuedPages++;
    state.setDepth(id, 0);
    state.queue.push(id);
  }

  /**
   * The start page itself answered an error, could not be fetched or is blocked: the audit ends
   * there with its first-page error (spec 02 §8), rather than crawling what an error page links to.
   */
  startPageFailed(): boolean {
    const id = this.state.idOf(crawlKey(this.start));
    if (id === undefined) return false;
    if (this.state.has(id, FLAG.blocked)) return true;
    const status = this.state.status(id);
    return status >= 400 || status < STATUS.unfetched;
  }

  /**
   * A same-site URL met on a page, in a redirect, a canonical or hreflang: queued when new and
   * within limits. A new URL the crawl will not fetch is not kept at all (undefined): a site of
   * millions of links costs the state no more than its first maxPages pages.
   */
  discover(found: URL, depth: number, via: 'link' | 'redirect' | 'reference'): number | undefined {
    const { state } = this;
    const url = this.clean(found);
    const key = crawlKey(url);
    const known = state.idOf(key);
    if (known === undefined && !this.pageWanted(url, depth)) return undefined;
    const id = known ?? state.intern(key).id;
    if (via !== 'reference') state.flag(id, FLAG.reached);
    if (depth < state.depth(id)) state.setDepth(id, depth);
    if (state.has(id, FLAG.queued | FLAG.fetched | FLAG.blocked)) return id;
    if (!this.pageWanted(url, depth)) {
      state.flag(id, FLAG.skipped);
      return id;
    }
    state.flag(id, FLAG.queued);
    state.counters.queuedPages++;
    state.queue.push(id);
    return id;
  }

  /**
   * A URL the sitemap lists: marked when known, queued when new and within limits. Whether
   * robots.txt disallows it is noted whatever the settings, for the sitemap cross-check.
   */
  discoverFromSitemap(found: URL): void {
    const { state } = this;
    const url = this.clean(found);
    const key = crawlKey(url);
    const disallowed = this.robots.known(url.origin) && !this.robots.allowed(key, url.origin) ? FLAG.disallowed : 0;
    const known = state.idOf(key);
    if (known !== undefined) {
      state.flag(known, FLAG.inSitemap | disallowed);
      return;
    }
    if (!this.scope.allowed(url) || !this.roomForPage()) return;
    const { id } = state.intern(key);
    state.flag(id, FLAG.inSitemap | FLAG.queued | disallowed);
    state.counters.queuedPages++;
    state.sitemapQueue.push(id);
  }

  /**
   * A URL of the uploaded list (audit settings' list source): queued like the sitemap's, with
   * its depth unknown, when it is of the site, within the rules and within maxPages.
   */
  discoverFromList(found: URL): void {
    const { state } = this;
    const url = this.clean(found);
    if (!this.scope.inSite(url) || !this.scope.allowed(url) || !this.roomForPage()) return;
    const key = crawlKey(url);
    if (state.idOf(key) !== undefined) return;
    const { id } = state.intern(key);
    state.flag(id, FLAG.queued);
    state.counters.queuedPages++;
    state.sitemapQueue.push(id);
  }

  /** An image, stylesheet or script of the site: measured once; no more of them than maxPages. */
  discoverResource(url: URL): number | undefined {
    const { state } = this;
    const key = crawlKey(url);
    const known = state.idOf(key);
    if (known !== undefined) return known;
    if (state.counters.queuedResources >= this.settings.maxPages) return undefined;
    const { id } = state.intern(key);
    state.flag(id, FLAG.resource | FLAG.queued);
    state.counters.queuedResources++;
    state.resourceQueue.push(id);
    return id;
  }

  /**
   * A link to another site: checked once (a GET whose body is dropped), like a resource; no more
   * of them than maxPages, so a page of a million outbound links costs the state no more.
   */
  discoverExternal(url: URL): number | undefined {
    const { state } = this;
    if (this.scope.ignoredExternal(url)) return undefined;
    const key = crawlKey(url);
    const known = state.idOf(key);
    if (known !== undefined) return state.has(known, FLAG.external) ? known : undefined;
    if (state.counters.queuedExternals >= this.settings.maxPages) return undefined;
    const { id } = state.intern(key);
    state.flag(id, FLAG.external | FLAG.queued);
    state.counters.queuedExternals++;
    state.resourceQueue.push(id);
    return id;
  }

  /**
   * The next piece of work: re-checks first (they hold finished pages back from the sink), but
   * no more at once than could still be needed, then pages (links before the sitemap's), then
   * resources; undefined when nothing is ready.
   */
  takeWork(): Work | undefined {
    const { state, settings } = this;
    if (state.pendingSlow.length && (this.slowSettled() || this.rechecking < this.slowNeeded())) {
      const page = state.pendingSlow.shift();
      if (page) return { kind: 'recheck', page };
    }
    for (;;) {
      const linked = state.queue.take();
      const id = linked ?? (this.linkedInFlight === 0 ? state.sitemapQueue.take() : undefined);
      if (id === undefined) break;
      if (state.has(id, FLAG.fetched | FLAG.blocked)) continue;
      if (state.counters.pages >= settings.maxPages) {
        state.flag(id, FLAG.skipped);
        continue;
      }
      // Counted when taken, so pages in flight count against the limit once.
      state.counters.pages++;
      // Released by the worker when the visit ends (crawler.ts).
      if (linked !== undefined) this.linkedInFlight++;
      return { id, kind: 'page', linked: linked !== undefined };
    }
    const id = state.resourceQueue.take();
    return id === undefined ? undefined : { id, kind: 'resource' };
  }

  /** Confirmations still wanted before the site counts as slow. */
  slowNeeded(): number {
    const slow = this.state.slowChecks;
    return Math.max(SLOW_SAMPLE, slow.cleared * 4) - slow.confirmed;
  }

  slowSettled = () => this.slowNeeded() <= 0;

  /** A visited page to the sink, its issues counted for the progress. */
  async record(found: PageRecord): Promise<void> {
    const { counters } = this.state;
    // A page under a hide rule is crawled and followed, but its own issues are left out of the report.
    const page = found.issues.length && this.scope.hidden(new URL(found.url)) ? { ...found, issues: [] } : found;
    for (const issue of page.issues) {
      const severity = seoCheck(issue).severity;
      if (severity === 'error') counters.errors++;
      else if (severity === 'warning') counters.warnings++;
      else counters.notices++;
    }
    const wait = this.options.sink.add(page);
    if (wait) await wait;
  }

  /** What a refused fetch is stored as. */
  static failStatus(error: FetchRefusedError): number {
    if (error.reason === 'timeout') return STATUS.timeout;
    return error.reason === 'too-large' ? STATUS.tooLarge : STATUS.failed;
  }

  flush = () => this.options.sink.flush();
}
