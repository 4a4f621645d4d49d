import { accessSync, constants } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { Browser, BrowserContext, Request, Route } from 'playwright-core';
import type { AuditDevice } from '@shared/web-vitals';
import { config } from '../../config';
import { limitConcurrency } from '../../limit-concurrency';
import { log } from '../../log';
import { FetchRefusedError, safeFetch } from '../../net';
import type { CrawlSession } from './crawl-session';
import { INSTALL_VITALS_PROBE, READ_VITALS_PROBE, type ProbeReading } from './vitals-probe';

/** Pages rendered at once: each is a Chromium tab of tens of MB and a core's worth of work. */
const RENDER_POOL = 2;
/** A page's whole render, its subrequests included; past it the DOM as it stands is read. */
const RENDER_MS = 15_000;
/** After the load event, how long the page may keep fetching before its DOM is read anyway. */
const SETTLE_MS = 2_000;
/** Lighthouse's mobile run slows the CPU four times, as a mid-range phone is to a laptop. */
const MOBILE_CPU_SLOWDOWN = 4;

/** The viewports of the two devices (Lighthouse's desktop and Moto G Power). */
const VIEWPORTS: Record<AuditDevice, { width: number; height: number; deviceScaleFactor: number; mobile: boolean }> = {
  desktop: { width: 1350, height: 940, deviceScaleFactor: 1, mobile: false },
  mobile: { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true },
};

/** Headers Chromium must not be told: the body handed to it is already decoded and whole. */
const HOP_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

export interface RenderedDocument {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RenderOutcome {
  /** The DOM after the page's scripts ran, as HTML. */
  html: string;
  /** Lab Core Web Vitals, when asked for and measured. */
  vitals?: ProbeReading;
}

/** Whether this runtime has a Chromium to render with (the embedded runtime and CI do; Lambda does not). */
export function renderingAvailable(): boolean {
  try {
    accessSync(config.chromiumPath, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Renders a crawl batch's HTML pages in headless Chromium: one browser, started on the first
 * page and closed with the batch, a new context per page (nothing carries over between pages),
 * at most RENDER_POOL pages at once. Chromium itself reaches no network: every request it makes
 * is answered by the crawl's safe fetcher (route interception), which refuses our own network,
 * metadata addresses and ports FETCH_ALLOW does not open, exactly as for the crawler's own
 * fetches. A page's POSTs, websockets, service workers and media are refused outright, and a
 * proxy that does not exist catches anything the interception would not see.
 */
export class PageRenderer {
  /** Subrequests refused by the fetch policy, by the rendered pages of this batch. */
  refused = 0;
  private browser: Promise<Browser> | undefined;
  private readonly pool = limitConcurrency(RENDER_POOL);
  /** Measurements in flight, so pages rendered at once do not overshoot the sample. */
  private measuring = 0;

  constructor(private readonly session: CrawlSession) {}

  /** A place in the Core Web Vitals sample, while `room` pages are still wanted; give it back with releaseVitals. */
  claimVitals(room: number): boolean {
    if (this.measuring >= room) return false;
    this.measuring++;
    return true;
  }

  releaseVitals(): void {
    this.measuring--;
  }

  /**
   * The page rendered from the document the crawler already fetched (not fetched twice).
   * Undefined when Chromium failed: the caller keeps the HTML it read.
   */
  render(url: URL, document: RenderedDocument, measure: boolean): Promise<RenderOutcome | undefined> {
    return this.pool(async () => {
      let context: BrowserContext | undefined;
      try {
        context = await this.newContext();
        return await this.renderIn(context, url, document, measure);
      } catch (error) {
        log('warn', 'audit render failed', { url: url.href, error: (error as Error).message });
        return undefined;
      } finally {
        await context?.close().catch(() => {});
      }
    });
  }

  async close(): Promise<void> {
    // A site whose pages keep asking for addresses we refuse is worth knowing about.
    if (this.refused) log('info', 'audit render refused requests', { refused: this.refused });
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser.catch(() => undefined))?.close().catch(() => {});
  }

  private async newContext(): Promise<BrowserContext> {
    this.browser ??= launch();
    const browser = await this.browser;
    const device = this.session.settings.device;
    const { width, height, deviceScaleFactor, mobile } = VIEWPORTS[device];
    return browser.newContext({
      viewport: { width, height },
      deviceScaleFactor,
      // A phone's screen, touch and user agent, but not playwright's isMobile: with it, headless
      // Chromium reports no layout-shift entries at all, so CLS would always read 0.
      hasTouch: mobile,
      userAgent: this.session.userAgent,
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
  }

  private async renderIn(
    context: BrowserContext,
    url: URL,
    document: RenderedDocument,
    measure: boolean,
  ): Promise<RenderOutcome> {
    const page = await context.newPage();
    const ends = performance.now() + RENDER_MS;
    let documentServed = false;
    // On the context, not the page: a popup the page opens is answered the same way. The handler
    // never throws (a rejection there would be unhandled): anything unexpected aborts the request.
    await context.route('**/*', async (route) => {
      try {
        const request = route.request();
        const navigation = request.isNavigationRequest();
        // A popup's first request has no frame yet (frame() throws): it counts as a top-level navigation.
        const topLevel = navigation && topLevelFrame(request);
        if (!documentServed && topLevel && request.frame() === page.mainFrame()) {
          documentServed = true;
          await route.fulfill({
            status: document.status,
            headers: fulfilHeaders(document.headers),
            body: document.body,
          });
          return;
        }
        // The page navigating itself elsewhere (a script's redirect) is not followed: its DOM is
        // read as it is. Nor is a popup opened: only the page's own frames fetch.
        if (topLevel) {
          await route.abort('blockedbyclient');
          return;
        }
        await this.answer(route, ends);
      } catch {
        await route.abort('failed').catch(() => {});
      }
    });
    await context.routeWebSocket(/.*/, (socket) => socket.close());
    if (measure) {
      await page.addInitScript(INSTALL_VITALS_PROBE);
      if (this.session.settings.device === 'mobile') {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
      }
    }
    await page.goto(url.href, { waitUntil: 'load', timeout: RENDER_MS });
    const settle = Math.min(SETTLE_MS, Math.max(0, ends - performance.now()));
    await page.waitForLoadState('networkidle', { timeout: settle }).catch(() => {});
    const vitals = measure ? await page.evaluate<ProbeReading | null>(READ_VITALS_PROBE) : null;
    const html = await page.content();
    return { html, ...(vitals ? { vitals } : {}) };
  }

  /** A subrequest of a rendered page, answered through the safe fetcher (or refused as it refuses). */
  private async answer(route: Route, ends: number): Promise<void> {
    const request = route.request();
    const method = request.method();
    const type = request.resourceType();
    if ((method !== 'GET' && method !== 'HEAD') || type === 'media' || type === 'eventsource')
      return route.abort('blockedbyclient');
    const { session } = this;
    const remaining = ends - performance.now();
    if (remaining <= 0) return route.abort('timedout');
    let target: URL;
    try {
      target = new URL(request.url());
    } catch {
      return route.abort('blockedbyclient');
    }
    try {
      // The host's rate gate holds for a page's files as for its pages.
      await session.gateOf(target.origin).wait();
      const response = await safeFetch(target, {
        method,
        dispatcher: session.dispatcher,
        headers: {
          'user-agent': session.userAgent,
          accept: (await request.headerValue('accept')) ?? '*/*',
          ...session.headersFor(target),
        },
        // Chromium follows a redirect itself, and its next hop comes back here to be checked.
        followRedirects: false,
        maxBytes: session.settings.maxPageBytes,
        timeoutMs: Math.min(session.timeoutMs, remaining),
        resource: 'file',
        ...session.signalled,
      });
      const body = method === 'HEAD' ? Buffer.alloc(0) : await response.buffer();
      const headers = fulfilHeaders(response.headers);
      if (response.location) headers.location = response.location;
      await route.fulfill({ status: response.status, headers, body });
    } catch (error) {
      if (error instanceof FetchRefusedError) {
        if (error.reason === 'private-address' || error.reason === 'port') this.refused++;
        return route.abort(error.reason === 'timeout' ? 'timedout' : 'blockedbyclient').catch(() => {});
      }
      // The page closed while its request was out (the render ended): nothing to answer.
      await route.abort('failed').catch(() => {});
    }
  }
}

async function launch(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: config.chromiumPath,
    headless: true,
    args: [
      // Nothing Chromium sends on its own reaches a network: every request of a page is answered
      // by the route above, and anything else (DNS prefetch, a preconnect) meets a closed port.
      '--proxy-server=http://127.0.0.1:9',
      '--proxy-bypass-list=<-loopback>',
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-pings',
      '--dns-prefetch-disable',
    ],
  });
}

function topLevelFrame(request: Request): boolean {
  try {
    return request.frame().parentFrame() === null;
  } catch {
    return true;
  }
}

function fulfilHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value;
  }
  return out;
}
