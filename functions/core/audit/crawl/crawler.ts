import type { AuditSettings } from '@shared/schemas/seo';
import type { SafeAgentOptions } from '../../net';
import { resolveHref } from './crawl-scope';
import { CrawlSession, type Work } from './crawl-session';
import { PageRenderer, renderingAvailable } from './page-render';
import type { CrawlState } from './crawl-state';
import type { PageSink } from './page-record';
import { visitPage } from './page-visit';
import { recheckSlowPage, visitResource } from './resource-visit';
import { probeSiteSecurity } from '../checks/site-security';
import { readSitemaps } from './sitemap';

const PROGRESS_EVERY_MS = 2000;

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
  /** The site's basic-auth credentials (audit settings), for the site's own requests only. */
  basicAuth?: { login: string; password: string };
  /** When the site's host was last given back by another audit (epoch ms): the first request waits its interval from then. */
  hostReleasedAt?: number;
  /** The uploaded list's URLs (the list source), queued when the crawl begins. */
  seedUrls?: readonly string[];
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

/**
 * One batch of an audit's crawl: fetches pages and resources from the saved frontier until
 * the frontier is empty, the deadline passes or the user stops it, and leaves everything it
 * learned in `state` (the caller saves it). Every request goes through the safe fetcher, on one
 * pool per batch, redirects recorded rather than followed. Pages are parsed as they stream in,
 * checked, and handed to the sink; nothing of a page's HTML outlives its visit.
 */
export async function crawlBatch(state: CrawlState, options: CrawlOptions): Promise<BatchOutcome> {
  const session = new CrawlSession(state, options);
  state.counters.batches++;
  if (session.settings.renderJavaScript) {
    // Without a Chromium (AWS Lambda) the crawl reads HTML, and the report says rendering was unavailable.
    state.site.rendering = renderingAvailable() ? 'rendered' : 'unavailable';
    if (state.site.rendering === 'rendered') session.renderer = new PageRenderer(session);
  }
  if (state.size === 0) {
    session.seedStart();
    seedFromList(session, options.seedUrls ?? []);
  }
  if (!state.site.sitemapsRead) await readSiteSitemaps(session);
  await probeSiteSecurity(session);

  const workers = new BatchWorkers(session, options);
  const abort = () => {
    workers.fail(options.signal?.reason ?? new Error('The crawl was aborted.'));
    // Requests in flight end now, not at their own timeout.
    session.dispatcher.destroy().catch(() => {});
  };
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    if (options.signal?.aborted) abort();
    await workers.run();
    if (workers.failure === undefined) {
      // A stopped audit reports what it has: suspects keep their first timing.
      if (workers.stopped) for (const page of state.pendingSlow.splice(0)) await session.record(page);
      state.counters.chunks = await session.flush();
    }
  } finally {
    options.signal?.removeEventListener('abort', abort);
    await session.renderer?.close();
    await session.dispatcher.close().catch(() => {});
  }
  if (workers.failure !== undefined) {
    throw workers.failure instanceof Error ? workers.failure : new Error('The crawl failed.');
  }
  const done =
    session.startPageFailed() ||
    (!workers.stopped &&
      state.queue.size === 0 &&
      state.sitemapQueue.size === 0 &&
      state.resourceQueue.size === 0 &&
      state.pendingSlow.length === 0);
  return { done, stopped: workers.stopped };
}

/**
 * The batch's `concurrency` workers: each takes the next piece of work until the deadline, a
 * stop, a failure, or nothing is left and nothing is in flight (in-flight work may queue more).
 * Every few seconds one of them asks whether the user stopped the audit and reports progress.
 */
class BatchWorkers {
  stopped = false;
  failure: unknown = undefined;
  private inFlight = 0;
  private wake: (() => void) | undefined;
  private lastTick = performance.now();
  private ticking: Promise<void> | undefined;

  constructor(
    private readonly session: CrawlSession,
    private readonly options: CrawlOptions,
  ) {}

  async run(): Promise<void> {
    await Promise.all(Array.from({ length: this.session.settings.concurrency }, () => this.worker()));
    await this.ticking;
  }

  fail(error: unknown): void {
    this.failure ??= error;
    this.changed();
  }

  private changed(): void {
    const resolve = this.wake;
    this.wake = undefined;
    resolve?.();
  }

  private tick(): void {
    if (this.ticking || performance.now() - this.lastTick < PROGRESS_EVERY_MS) return;
    this.lastTick = performance.now();
    const { shouldStop, onProgress } = this.options;
    this.ticking = (async (): Promise<void> => {
      if (shouldStop && (await shouldStop())) this.stopped = true;
      await onProgress?.(this.session.state);
    })()
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => (this.ticking = undefined));
  }

  private async worker(): Promise<void> {
    for (;;) {
      if (this.stopped || this.failure !== undefined || performance.now() >= this.options.deadline) return;
      if (this.session.startPageFailed()) return;
      this.tick();
      const work = this.session.takeWork();
      if (!work) {
        if (this.inFlight === 0) return;
        await new Promise<void>((resolve) => {
          const previous = this.wake;
          this.wake = () => {
            previous?.();
            resolve();
          };
        });
        continue;
      }
      this.inFlight++;
      try {
        await this.perform(work);
      } catch (error) {
        this.failure ??= error;
      } finally {
        this.inFlight--;
        this.changed();
      }
    }
  }

  private async perform(work: Work): Promise<void> {
    const { session } = this;
    if (work.kind === 'resource') return visitResource(session, work.id);
    if (work.kind === 'page') {
      try {
        await visitPage(session, work.id);
      } finally {
        if (work.linked) session.linkedInFlight--;
      }
      return;
    }
    session.rechecking++;
    try {
      await recheckSlowPage(session, work.page);
    } finally {
      session.rechecking--;
    }
  }
}

/** The uploaded list's URLs of the site join the frontier (the fetches are the safe fetcher's, like every other). */
function seedFromList(session: CrawlSession, urls: readonly string[]): void {
  for (const href of urls) {
    const url = resolveHref(href, session.start);
    if (url) session.discoverFromList(url);
  }
}

/**
 * The sitemaps robots.txt names (or /sitemap.xml), read once per crawl: with the sitemap source
 * on, their same-site URLs join the frontier; with it off, only whether they exist and parse is kept.
 */
async function readSiteSitemaps(session: CrawlSession): Promise<void> {
  const { state, start, scope, dispatcher, userAgent, timeoutMs } = session;
  await session.ensureRobots(start.origin);
  const useUrls = session.settings.sitemapSource;
  const outcome = await readSitemaps(
    session.robots.sitemaps(start.origin),
    `${start.origin}/sitemap.xml`,
    {
      dispatcher,
      userAgent,
      timeoutMs,
      headersFor: (url) => (URL.canParse(url) ? session.headersFor(new URL(url)) : {}),
    },
    (loc) => {
      const url = useUrls ? resolveHref(loc, start) : undefined;
      if (url && scope.inSite(url)) session.discoverFromSitemap(url);
    },
  );
  state.site.sitemapUrls = outcome.found;
  state.site.sitemapErrors = outcome.errors;
  state.site.sitemapTooLarge = outcome.tooLarge;
  state.site.sitemapsRead = true;
}
