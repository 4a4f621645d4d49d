import type { IncomingHttpHeaders } from 'node:http';
import { SEO_THRESHOLDS } from '@shared/seo-thresholds';
import { FetchRefusedError, safeFetch } from '../../net';
import { CrawlSession } from './crawl-session';
import { FLAG } from './crawl-state';
import { firstHeader } from './page-visit';
import type { PageRecord } from './page-record';

/** Images, scripts and styles are measured, not kept: a large one is read to its end only to count it. */
const RESOURCE_MAX_BYTES = 20 * 1024 * 1024;

/** Text files that compression shrinks several times. */
const COMPRESSIBLE = /css|javascript|ecmascript/;

/** The answer lets browsers keep the file: a positive max-age (or s-maxage), or an Expires in the future. */
function cachingAllowed(headers: IncomingHttpHeaders, now = Date.now()): boolean {
  const control = (headers['cache-control'] ?? '').toLowerCase();
  if (/no-store|no-cache/.test(control)) return false;
  const maxAge = /(?:^|[\s,])(?:s-)?max-age\s*=\s*"?(\d+)/.exec(control);
  if (maxAge) return Number(maxAge[1]) > 0;
  const expires = Date.parse(firstHeader(headers.expires) ?? '');
  return Number.isFinite(expires) && expires > now;
}

/**
 * A link to another site, checked as a visitor's browser would follow it: one GET, redirects
 * followed, the body dropped. Not a crawl of that site, so its robots.txt is not asked; its
 * host's gate still paces the requests.
 */
async function checkExternal(session: CrawlSession, id: number, target: URL): Promise<void> {
  const { state } = session;
  await session.gateOf(target.origin).wait();
  state.flag(id, FLAG.fetched);
  try {
    const response = await safeFetch(target, {
      dispatcher: session.dispatcher,
      headers: session.pageHeaders,
      ...session.signalled,
      maxBytes: session.settings.maxPageBytes,
      timeoutMs: session.timeoutMs,
      maxRedirects: session.settings.maxRedirects,
    });
    state.setStatus(id, response.status);
    await response.cancel();
  } catch (error) {
    if (!(error instanceof FetchRefusedError)) throw error;
    state.setStatus(id, error.reason === 'too-large' ? 200 : CrawlSession.failStatus(error));
  }
}

/** Measures one image, stylesheet or script: its status and size (declared, or counted when compressed). */
export async function visitResource(session: CrawlSession, id: number): Promise<void> {
  const { state } = session;
  const url = state.urlOf(id);
  const target = new URL(url);
  if (state.has(id, FLAG.external)) return checkExternal(session, id, target);
  await session.ensureRobots(target.origin);
  if (!session.robotsAllow(url, target.origin)) {
    state.flag(id, FLAG.blocked);
    return;
  }
  await session.gateOf(target.origin).wait();
  state.counters.resources++;
  state.flag(id, FLAG.fetched);
  try {
    const response = await safeFetch(target, {
      dispatcher: session.dispatcher,
      headers: { 'user-agent': session.userAgent },
      ...session.signalled,
      maxBytes: RESOURCE_MAX_BYTES,
      timeoutMs: session.timeoutMs,
      maxRedirects: session.settings.maxRedirects,
      resource: 'file',
    });
    state.setStatus(id, response.status);
    const encoded = !!response.headers['content-encoding'] && response.headers['content-encoding'] !== 'identity';
    if (response.status === 200 && !cachingAllowed(response.headers)) state.flag(id, FLAG.uncached);
    const declared = Number(firstHeader(response.headers['content-length']));
    if (Number.isFinite(declared) && declared >= 0 && !encoded) {
      state.setBytes(id, declared);
      await response.cancel();
    } else {
      let bytes = 0;
      await response.each((chunk) => (bytes += chunk.length));
      state.setBytes(id, bytes);
    }
    const compressible = COMPRESSIBLE.test(response.contentType ?? '');
    if (response.status === 200 && compressible && !encoded && state.bytes(id) >= SEO_THRESHOLDS.compressMinBytes)
      state.flag(id, FLAG.uncompressed);
  } catch (error) {
    if (!(error instanceof FetchRefusedError)) throw error;
    state.setStatus(id, error.reason === 'too-large' ? 200 : CrawlSession.failStatus(error));
    if (error.reason === 'too-large') state.setBytes(id, RESOURCE_MAX_BYTES);
  }
}

/**
 * A page that looked slow, timed again (through the host's gate, like any request): the second
 * timing decides, and tells the session whether the site is slow or the crawl was busy.
 */
export async function recheckSlowPage(session: CrawlSession, page: PageRecord): Promise<void> {
  if (session.slowSettled()) return session.record(page);
  const slow = session.state.slowChecks;
  const target = new URL(page.url);
  await session.gateOf(target.origin).wait();
  const began = performance.now();
  try {
    const response = await session.fetchPage(target);
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
  await session.record(page);
}
