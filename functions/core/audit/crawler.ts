import { createHash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import type { IncomingHttpHeaders } from 'node:http';
import type { AuditSettings } from '@shared/schemas/seo';
import { seoCheck, type SeoCheckId } from '@shared/seo-checks';
import { SEO_THRESHOLDS } from '@shared/seo-thresholds';
import { createSafeAgent, FetchRefusedError, safeFetch, type SafeAgentOptions, type SafeResponse } from '../net';
import { crawlerUserAgent, robotsToken } from './crawl-policy';
import { CrawlScope, crawlKey, isLocalHost, resolveHref } from './crawl-scope';
import { CrawlState, FLAG, STATUS } from './crawl-state';
import { runPageChecks } from './page-checks';
import type { PageFacts } from './page-facts';
import { PageParser } from './page-parser';
import type { PageRecord, PageSink } from './page-record';
import { fetchRobotsTxt, RobotsRules } from './robots';
import { readSitemaps } from './sitemap';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
/** Images, scripts and styles are measured, not kept: a large one is read to its end only to count it. */
const RESOURCE_MAX_BYTES = 20 * 1024 * 1024;
const PROGRESS_EVERY_MS = 2000;
const TIMED = new Set<SeoCheckId>(['slow-response', 'slow-page']);
/**
 * Pages that looked slow are timed again until this many were confirmed slow (and at most a
 * quarter as many were not): from then on the site is slow, not the crawl, and a first
 * measurement stands. A slow site is fetched once, not twice.
 */
const SLOW_SAMPLE = 5;

export interface CrawlOptions {
  startUrl: string;
  /** The audit settings; requestsPerSecond 0 means no limit (benchmarks). */
  settings: AuditSettings;
  sink: PageSink;
  /** performance.now() after which no new request starts; requests in flight finish. */
  deadline: number;
  timeoutMs?: number;
  /** Pool options (a test CA for a loopback https site). */
  agent?: SafeAgentOptions;
  /** Asked every few seconds; true ends the batch early (the user stopped the audit). */
  shouldStop?: () => Promise<boolean>;
  /** Told every few seconds while the batch runs. */
  onProgress?: (state: CrawlState) => Promise<void>;
  /**
   * The Task's signal: when it aborts the batch ends at once, requests in flight cut, and
   * throws, so nothing of it is saved (the retry starts from the last saved cursor).
   */
  signal?: AbortSignal;
}

export interface BatchOutcome {
  /** Nothing left to fetch: the crawl is complete. */
  done: boolean;
  stopped: boolean;
}

type Work = { id: number; kind: 'page' | 'resource' } | { kind: 'recheck'; page: PageRecord };

/** Requests to one host: at most one per interval (the rate limit, or robots.txt's Crawl-delay). */
class HostGate {
  private next = 0;
  constructor(readonly intervalMs: number) {}
  async wait(): Promise<void> {
    if (this.intervalMs <= 0) return;
    const now = performance.now();
    const at = Math.max(now, this.next);
    this.next = at + this.intervalMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

const shortHash = (text: string) => createHash('sha1').update(text).digest('base64url').slice(0, 12);
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** rel="canonical" from a Link header. */
function headerCanonical(headers: IncomingHttpHeaders, base: URL): string | undefined {
  const link = first(headers.link);
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;(.*)/.exec(part);
    if (match?.[1] && /rel\s*=\s*"?canonical"?/i.test(match[2] ?? '')) {
      const url = resolveHref(match[1], base);
      return url && crawlKey(url);
    }
  }
  return undefined;
}

/**
 * One batch of an audit's crawl: fetches pages and resources from the saved frontier until
 * the frontier is empty, the deadline passes or the user stops it, and leaves everything it
 * learned in `state` (the caller saves it). Every request goes through the safe fetcher, on one
 * pool per batch, redirects recorded rather than followed. Pages are parsed as they stream in,
 * checked, and handed to the sink; nothing of a page's HTML outlives its visit.
 */
export async function crawlBatch(state: CrawlState, options: CrawlOptions): Promise<BatchOutcome> {
  const { settings, sink } = options;
  const start = new URL(options.startUrl);
  const scope = new CrawlScope(start, settings);
  const userAgent = settings.userAgent ?? crawlerUserAgent();
  const timeoutMs = options.timeoutMs ?? 15_000;
  const dispatcher = createSafeAgent({ connections: settings.concurrency, ...options.agent });
  const robots = new RobotsRules(state.site.robots, robotsToken(settings));
  const robotsLoading = new Map<string, Promise<void>>();
  const gates = new Map<string, HostGate>();
  const headers = { 'user-agent': userAgent, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' };
  const signalled = options.signal ? { signal: options.signal } : {};
  state.counters.batches++;

  const ensureRobots = (origin: string): Promise<void> => {
    if (robots.known(origin)) return Promise.resolve();
    let loading = robotsLoading.get(origin);
    if (!loading) {
      loading = fetchRobotsTxt(origin, { dispatcher, userAgent, timeoutMs }).then((text) => {
        state.site.robots[origin] = text;
        if (origin === start.origin && text === null) state.site.robotsMissing = true;
      });
      robotsLoading.set(origin, loading);
    }
    return loading;
  };

  const gateOf = (origin: string): HostGate => {
    let gate = gates.get(origin);
    if (!gate) {
      const rateMs = settings.requestsPerSecond > 0 ? 1000 / settings.requestsPerSecond : 0;
      const delay = settings.followRobots ? (robots.crawlDelay(origin) ?? 0) * 1000 : 0;
      gate = new HostGate(Math.max(rateMs, delay));
      gates.set(origin, gate);
    }
    return gate;
  };

  if (state.size === 0) {
    const { id } = state.intern(crawlKey(start));
    state.flag(id, FLAG.start | FLAG.reached | FLAG.queued);
    state.counters.queuedPages++;
    state.setDepth(id, 0);
    state.queue.push(id);
  }

  /** Room for one more page in the crawl: the frontier and the known URLs stay within maxPages. */
  const roomForPage = () => state.counters.queuedPages < settings.maxPages;
  const pageWanted = (url: URL, depth: number) => scope.allowed(url) && depth <= settings.maxDepth && roomForPage();

  /**
   * A same-site URL met on a page, in a redirect, a canonical or hreflang: queued when new and
   * within limits. A new URL the crawl will not fetch is not kept at all (undefined): a site of
   * millions of links costs the state no more than its first maxPages pages.
   */
  const discover = (url: URL, depth: number, via: 'link' | 'redirect' | 'reference'): number | undefined => {
    const key = crawlKey(url);
    const known = state.idOf(key);
    if (known === undefined && !pageWanted(url, depth)) return undefined;
    const id = known ?? state.intern(key).id;
    if (via !== 'reference') state.flag(id, FLAG.reached);
    if (depth < state.depth(id)) state.setDepth(id, depth);
    if (state.has(id, FLAG.queued | FLAG.fetched | FLAG.blocked)) return id;
    if (!pageWanted(url, depth)) {
      state.flag(id, FLAG.skipped);
      return id;
    }
    state.flag(id, FLAG.queued);
    state.counters.queuedPages++;
    state.queue.push(id);
    return id;
  };

  /** An image, stylesheet or script of the site: measured once; no more of them than maxPages. */
  const discoverResource = (url: URL): number | undefined => {
    const key = crawlKey(url);
    const known = state.idOf(key);
    if (known !== undefined) return known;
    if (state.counters.queuedResources >= settings.maxPages) return undefined;
    const { id } = state.intern(key);
    state.flag(id, FLAG.resource | FLAG.queued);
    state.counters.queuedResources++;
    state.resourceQueue.push(id);
    return id;
  };

  if (!state.site.sitemapsRead) {
    await ensureRobots(start.origin);
    const outcome = await readSitemaps(
      robots.sitemaps(start.origin),
      `${start.origin}/sitemap.xml`,
      { dispatcher, userAgent, timeoutMs },
      (loc) => {
        const url = resolveHref(loc, start);
        if (!url || !scope.inSite(url)) return;
        const key = crawlKey(url);
        const known = state.idOf(key);
        if (known !== undefined) {
          state.flag(known, FLAG.inSitemap);
          return;
        }
        if (!scope.allowed(url) || !roomForPage()) return;
        const { id } = state.intern(key);
        state.flag(id, FLAG.inSitemap | FLAG.queued);
        state.counters.queuedPages++;
        state.sitemapQueue.push(id);
      },
    );
    state.site.sitemapUrls = outcome.found;
    state.site.sitemapErrors = outcome.errors;
    state.site.sitemapTooLarge = outcome.tooLarge;
    state.site.sitemapsRead = true;
  }

  const slow = state.slowChecks;
  /** Confirmations still wanted before the site counts as slow. */
  const slowNeeded = () => Math.max(SLOW_SAMPLE, slow.cleared * 4) - slow.confirmed;
  const slowSettled = () => slowNeeded() <= 0;
  let rechecking = 0;

  const takeNext = (): Work | undefined => {
    // Re-checks first (they hold finished pages back from the sink), but no more at once than
    // could still be needed: the rest wait for the verdict of those in flight.
    if (state.pendingSlow.length && (slowSettled() || rechecking < slowNeeded())) {
      const page = state.pendingSlow.shift();
      if (page) return { kind: 'recheck', page };
    }
    for (;;) {
      const id = state.queue.take() ?? state.sitemapQueue.take();
      if (id === undefined) break;
      if (state.has(id, FLAG.fetched | FLAG.blocked)) continue;
      if (state.counters.pages >= settings.maxPages) {
        state.flag(id, FLAG.skipped);
        continue;
      }
      // Counted when taken, so pages in flight count against the limit once.
      state.counters.pages++;
      return { id, kind: 'page' };
    }
    const id = state.resourceQueue.take();
    return id === undefined ? undefined : { id, kind: 'resource' };
  };

  const record = async (page: PageRecord) => {
    const wait = sink.add(page);
    if (wait) await wait;
  };

  const countIssues = (issues: PageRecord['issues']) => {
    for (const issue of issues) {
      const severity = seoCheck(issue).severity;
      if (severity === 'error') state.counters.errors++;
      else if (severity === 'warning') state.counters.warnings++;
      else state.counters.notices++;
    }
  };

  const failStatus = (error: FetchRefusedError) =>
    error.reason === 'timeout' ? STATUS.timeout : error.reason === 'too-large' ? STATUS.tooLarge : STATUS.failed;

  const visitPage = async (id: number) => {
    const url = state.urlOf(id);
    const target = new URL(url);
    const depth = state.depth(id);
    await ensureRobots(target.origin);
    if (settings.followRobots && !robots.allowed(url, target.origin)) {
      state.flag(id, FLAG.blocked);
      state.counters.pages--;
      return;
    }
    await gateOf(target.origin).wait();
    state.flag(id, FLAG.fetched);
    const began = performance.now();
    let response: SafeResponse;
    try {
      response = await safeFetch(target, {
        dispatcher,
        headers,
        followRedirects: false,
        maxBytes: settings.maxPageBytes,
        timeoutMs,
        ...signalled,
      });
    } catch (error) {
      if (!(error instanceof FetchRefusedError)) throw error;
      state.setStatus(id, failStatus(error));
      await record({ id, url, status: state.status(id), depth, issues: [] });
      return;
    }
    const ttfbMs = performance.now() - began;
    state.setStatus(id, response.status);

    if (response.status >= 300 && response.status < 400) {
      await response.cancel();
      const location = response.location ? new URL(response.location) : undefined;
      if (location && scope.inSite(location)) {
        const to = discover(location, depth, 'redirect');
        if (to !== undefined) {
          state.addInlink(to);
          state.setRedirectTo(id, to);
        }
      } else if (location && state.has(id, FLAG.start)) {
        state.site.startLeftSite = location.href;
      }
      await record({ id, url, status: response.status, depth, issues: [] });
      return;
    }
    if (response.status !== 200 || (response.contentType && !HTML_TYPES.has(response.contentType))) {
      await response.cancel();
      state.setBytes(id, Number(first(response.headers['content-length'])) || 0);
      await record({ id, url, status: response.status, depth, issues: [] });
      return;
    }

    const parser = new PageParser();
    const decoder = new StringDecoder('utf8');
    let bytes = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        const body = response.body;
        body.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          parser.write(decoder.write(chunk));
        });
        body.once('end', resolve);
        body.once('error', reject);
      });
    } catch (error) {
      if (!(error instanceof FetchRefusedError)) throw error;
      state.setStatus(id, failStatus(error));
      await record({ id, url, status: state.status(id), depth, issues: [] });
      return;
    }
    parser.write(decoder.end());
    const parsed = parser.end();
    const loadMs = performance.now() - began;
    state.flag(id, FLAG.html);
    state.setBytes(id, bytes);

    const base = (parsed.base && resolveHref(parsed.base, target)) || target;
    const https = target.protocol === 'https:';
    const facts: PageFacts = {
      url,
      https,
      bytes,
      ttfbMs,
      loadMs,
      xRobotsNoindex: /noindex|none/i.test(String(response.headers['x-robots-tag'] ?? '')),
      headerCanonical: headerCanonical(response.headers, target),
      hsts: response.headers['strict-transport-security'] !== undefined,
      headerCharset: /charset=/i.test(response.headers['content-type'] ?? ''),
      parsed,
      internalLinks: [],
      nofollowInternal: 0,
      emptyAnchors: 0,
      vagueAnchors: 0,
      httpLinks: 0,
      localhostLinks: 0,
      malformedLinks: 0,
      canonicalRelative: false,
      hreflangs: [],
      images: [],
      stylesheets: [],
      scripts: [],
      mixedContent: false,
      formOverHttp: false,
    };

    const linkIds = new Set<number>();
    const linkKeys = new Set<string>();
    for (const link of parsed.links) {
      if (link.empty) facts.emptyAnchors++;
      if (link.vague) facts.vagueAnchors++;
      const href = link.href.trim();
      if (!href || href.startsWith('#') || /^(mailto|tel|javascript|data|sms|callto):/i.test(href)) continue;
      const resolved = resolveHref(href, base);
      if (!resolved) {
        facts.malformedLinks++;
        continue;
      }
      if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') continue;
      if (resolved.protocol === 'http:') facts.httpLinks++;
      if (!scope.inSite(resolved)) {
        // Counted, not kept: a page's outbound links would otherwise grow the state without bound.
        if (isLocalHost(resolved)) facts.localhostLinks++;
        continue;
      }
      if (link.nofollow) facts.nofollowInternal++;
      const key = crawlKey(resolved);
      if (key === url || linkKeys.has(key)) continue;
      linkKeys.add(key);
      facts.internalLinks.push(key);
      const to = discover(resolved, depth + 1, 'link');
      if (to !== undefined) linkIds.add(to);
    }
    for (const to of linkIds) {
      state.addInlink(to);
      state.flag(to, FLAG.linked);
    }

    const canonicalHref = parsed.canonicals[0];
    if (canonicalHref !== undefined) {
      facts.canonicalRelative = !/^[a-z][a-z0-9+.-]*:/i.test(canonicalHref.trim());
      const canonical = resolveHref(canonicalHref, base);
      if (canonical) {
        facts.canonical = crawlKey(canonical);
        if (scope.inSite(canonical)) {
          const to = facts.canonical === url ? id : discover(canonical, depth + 1, 'reference');
          if (to !== undefined) state.setCanonicalTo(id, to);
          if (facts.canonical !== url) state.flag(id, FLAG.canonicalElsewhere);
        }
      }
    }
    const alternates: number[] = [];
    for (const alternate of parsed.hreflangs) {
      const resolved = resolveHref(alternate.href, base);
      const href = resolved && crawlKey(resolved);
      facts.hreflangs.push({
        lang: alternate.lang,
        href,
        relative: !/^[a-z][a-z0-9+.-]*:/i.test(alternate.href.trim()),
      });
      if (resolved && scope.inSite(resolved) && alternate.lang.toLowerCase() !== 'x-default') {
        const to = href === url ? id : discover(resolved, depth + 1, 'reference');
        if (to !== undefined) alternates.push(to);
      }
    }
    if (alternates.length) state.hreflang.set(id, alternates);

    const resourceIds = (hrefs: string[], into: string[]): number[] => {
      const ids: number[] = [];
      for (const href of hrefs) {
        const resolved = resolveHref(href, base);
        if (!resolved) continue;
        if (https && resolved.protocol === 'http:') facts.mixedContent = true;
        if (!scope.inSite(resolved)) continue;
        into.push(crawlKey(resolved));
        const id = discoverResource(resolved);
        if (id !== undefined) ids.push(id);
      }
      return ids;
    };
    const images = resourceIds(
      parsed.images.flatMap((image) => (image.src ? [image.src] : [])),
      facts.images,
    );
    const stylesheets = resourceIds(parsed.stylesheets, facts.stylesheets);
    const scripts = resourceIds(parsed.scripts, facts.scripts);
    for (const action of parsed.formActions) {
      const resolved = resolveHref(action, base);
      if (https && resolved?.protocol === 'http:') facts.formOverHttp = true;
    }

    if (parsed.robots.noindex || facts.xRobotsNoindex) state.flag(id, FLAG.noindex);
    if (parsed.title) state.titleHash[id] = shortHash(parsed.title.toLowerCase());
    if (parsed.description) state.descriptionHash[id] = shortHash(parsed.description.toLowerCase());
    if (parsed.words > 0) state.contentHash[id] = parsed.contentHash;

    const issues = runPageChecks(facts);
    const page: PageRecord = {
      id,
      url,
      status: 200,
      depth,
      issues,
      links: [...linkIds],
      ...(images.length ? { images } : {}),
      ...(stylesheets.length ? { stylesheets } : {}),
      ...(scripts.length ? { scripts } : {}),
      ...(parsed.title ? { title: parsed.title.slice(0, 300) } : {}),
      words: parsed.words,
      bytes,
      ms: Math.round(loadMs),
    };
    // A crawl's own work (parsing a large page) delays every answer it is waiting for: a page
    // that looks slow is timed again before it is called slow, until the site has shown it is.
    if (issues.some((issue) => TIMED.has(issue)) && !slowSettled()) state.pendingSlow.push(page);
    else await recordPage(page);
  };

  const recordPage = async (page: PageRecord) => {
    countIssues(page.issues);
    await record(page);
  };

  /** A suspect page timed again (through the host's gate, like any request); the second timing decides. */
  const recheck = async (page: PageRecord) => {
    if (slowSettled()) return recordPage(page);
    const target = new URL(page.url);
    await gateOf(target.origin).wait();
    const began = performance.now();
    try {
      const response = await safeFetch(target, {
        dispatcher,
        headers,
        followRedirects: false,
        maxBytes: settings.maxPageBytes,
        timeoutMs,
        ...signalled,
      });
      const ttfbMs = performance.now() - began;
      await response.buffer();
      const loadMs = performance.now() - began;
      const before = page.issues.length;
      page.issues = page.issues.filter(
        (issue) =>
          (issue !== 'slow-response' || ttfbMs > SEO_THRESHOLDS.slowResponseMs) &&
          (issue !== 'slow-page' || loadMs > SEO_THRESHOLDS.slowPageMs),
      );
      if (page.issues.length < before) slow.cleared++;
      else slow.confirmed++;
    } catch (error) {
      if (!(error instanceof FetchRefusedError)) throw error;
    }
    await recordPage(page);
  };

  const visitResource = async (id: number) => {
    const url = state.urlOf(id);
    const target = new URL(url);
    await ensureRobots(target.origin);
    if (settings.followRobots && !robots.allowed(url, target.origin)) {
      state.flag(id, FLAG.blocked);
      return;
    }
    await gateOf(target.origin).wait();
    state.counters.resources++;
    state.flag(id, FLAG.fetched);
    try {
      const response = await safeFetch(target, {
        dispatcher,
        headers: { 'user-agent': userAgent },
        ...signalled,
        maxBytes: RESOURCE_MAX_BYTES,
        timeoutMs,
        maxRedirects: settings.maxRedirects,
        resource: 'file',
      });
      state.setStatus(id, response.status);
      const declared = Number(first(response.headers['content-length']));
      if (Number.isFinite(declared) && declared >= 0 && !response.headers['content-encoding']) {
        state.setBytes(id, declared);
        await response.cancel();
      } else {
        let bytes = 0;
        await new Promise<void>((resolve, reject) => {
          response.body.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.body.once('end', resolve);
          response.body.once('error', reject);
        });
        state.setBytes(id, bytes);
      }
    } catch (error) {
      if (!(error instanceof FetchRefusedError)) throw error;
      state.setStatus(id, error.reason === 'too-large' ? 200 : failStatus(error));
      if (error.reason === 'too-large') state.setBytes(id, RESOURCE_MAX_BYTES);
    }
  };

  // An object, not a let: the compiler cannot see the closures that set it.
  const control = { stopped: false };
  let inFlight = 0;
  let wake: (() => void) | undefined;
  const changed = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  let failure: unknown;

  let lastTick = performance.now();
  let ticking: Promise<void> | undefined;
  const tick = () => {
    if (ticking || performance.now() - lastTick < PROGRESS_EVERY_MS) return;
    lastTick = performance.now();
    ticking = (async (): Promise<void> => {
      if (options.shouldStop && (await options.shouldStop())) control.stopped = true;
      await options.onProgress?.(state);
    })()
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => (ticking = undefined));
  };

  const worker = async () => {
    for (;;) {
      if (control.stopped || failure || performance.now() >= options.deadline) return;
      tick();
      const work = takeNext();
      if (!work) {
        if (inFlight === 0) return;
        await new Promise<void>((resolve) => {
          const previous = wake;
          wake = () => {
            previous?.();
            resolve();
          };
        });
        continue;
      }
      inFlight++;
      try {
        if (work.kind === 'recheck') {
          rechecking++;
          await recheck(work.page).finally(() => rechecking--);
        } else if (work.kind === 'page') await visitPage(work.id);
        else await visitResource(work.id);
      } catch (error) {
        failure ??= error;
      } finally {
        inFlight--;
        changed();
      }
    }
  };

  const abort = () => {
    failure ??= options.signal?.reason ?? new Error('The crawl was aborted.');
    changed();
    // Requests in flight end now, not at their own timeout.
    dispatcher.destroy().catch(() => {});
  };
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    if (options.signal?.aborted) abort();
    await Promise.all(Array.from({ length: settings.concurrency }, worker));
    await ticking;
    if (!failure) {
      // A stopped audit reports what it has: suspects keep their first timing.
      if (control.stopped) for (const page of state.pendingSlow.splice(0)) await recordPage(page);
      state.counters.chunks = await sink.flush();
    }
  } finally {
    options.signal?.removeEventListener('abort', abort);
    await dispatcher.close().catch(() => {});
  }
  if (failure) throw failure instanceof Error ? failure : new Error('The crawl failed.');
  const done =
    !control.stopped &&
    state.queue.size === 0 &&
    state.sitemapQueue.size === 0 &&
    state.resourceQueue.size === 0 &&
    state.pendingSlow.length === 0;
  return { done, stopped: control.stopped };
}
