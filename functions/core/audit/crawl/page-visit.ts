import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { SeoCheckId } from '@shared/seo-checks';
import { VITALS_SAMPLE_PAGES } from '@shared/web-vitals';
import { FetchRefusedError, type SafeResponse } from '../../net';
import { crawlKey, isLocalHost, resolveHref } from './crawl-scope';
import { CrawlSession } from './crawl-session';
import { FLAG } from './crawl-state';
import { runPageChecks } from '../checks/page-checks';
import { noLinkFacts, type PageFacts } from './page-facts';
import { PageParser, type ParsedPage } from './page-parser';
import type { PageRecord } from './page-record';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TIMED = new Set<SeoCheckId>(['slow-response', 'slow-page']);

const shortHash = (text: string) => createHash('sha1').update(text).digest('base64url').slice(0, 12);
export const firstHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const isAbsolute = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href.trim());

/** rel="canonical" from a Link header. */
function headerCanonical(headers: IncomingHttpHeaders, base: URL): string | undefined {
  const link = firstHeader(headers.link);
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

/** One page as the visit knows it while reading it. */
interface Visit {
  session: CrawlSession;
  id: number;
  url: string;
  target: URL;
  depth: number;
}

/**
 * Visits one page of the frontier: robots.txt and the host's gate first, then one request
 * (redirects recorded, not followed), the HTML parsed as it streams in, the page's links,
 * references and resources handed to the frontier, its checks run, and its record stored (or
 * held back for a second timing when it looks slow). Nothing of its HTML outlives the visit.
 */
export async function visitPage(session: CrawlSession, id: number): Promise<void> {
  const { state } = session;
  const url = state.urlOf(id);
  const visit: Visit = { session, id, url, target: new URL(url), depth: state.depth(id) };
  await session.ensureRobots(visit.target.origin);
  if (!session.robotsAllow(url, visit.target.origin)) {
    state.flag(id, FLAG.blocked);
    state.counters.pages--;
    return;
  }
  await session.gateOf(visit.target.origin).wait();
  state.flag(id, FLAG.fetched);
  const began = performance.now();
  const response = await fetchPage(visit);
  if (!response) return;
  const ttfbMs = performance.now() - began;
  state.setStatus(id, response.status);
  if (response.status >= 300 && response.status < 400) return recordRedirect(visit, response);
  if (response.status !== 200 || (response.contentType && !HTML_TYPES.has(response.contentType))) {
    await response.cancel();
    state.setBytes(id, Number(firstHeader(response.headers['content-length'])) || 0);
    return session.record({ id, url, status: response.status, depth: visit.depth, issues: [] });
  }
  const read = await readHtml(visit, response);
  if (!read) return;
  if (session.renderer && read.body) read.parsed = (await renderedPage(visit, response, read.body)) ?? read.parsed;
  const facts = pageFacts(visit, response, read.parsed, read.bytes, ttfbMs, performance.now() - began);
  await finishPage(visit, facts);
}

/** The page's response, or undefined when the fetch was refused (recorded as such). */
async function fetchPage({ session, id, url, target, depth }: Visit): Promise<SafeResponse | undefined> {
  try {
    return await session.fetchPage(target);
  } catch (error) {
    if (!(error instanceof FetchRefusedError)) throw error;
    session.state.setStatus(id, CrawlSession.failStatus(error));
    await session.record({ id, url, status: session.state.status(id), depth, issues: [] });
    return undefined;
  }
}

/** A redirect: where it leads joins the frontier (same site) or is noted (the start left the site). */
async function recordRedirect({ session, id, url, depth }: Visit, response: SafeResponse): Promise<void> {
  const { state } = session;
  await response.cancel();
  const location = response.location ? new URL(response.location) : undefined;
  if (location && session.scope.inSite(location)) {
    const to = session.discover(location, depth, 'redirect');
    if (to !== undefined) {
      state.addInlink(to);
      state.setRedirectTo(id, to);
    }
  } else if (location && state.has(id, FLAG.start)) {
    state.site.startLeftSite = location.href;
  }
  await session.record({ id, url, status: response.status, depth, issues: [] });
}

/** The body parsed as it streams in; undefined when it broke off (recorded as such). */
async function readHtml(
  { session, id, url, depth }: Visit,
  response: SafeResponse,
): Promise<{ parsed: ParsedPage; bytes: number; body?: Buffer } | undefined> {
  const parser = new PageParser();
  const decoder = new StringDecoder('utf8');
  // Kept only for the renderer, which is handed the page rather than fetching it again.
  const chunks: Buffer[] | undefined = session.renderer ? [] : undefined;
  let bytes = 0;
  try {
    await response.each((chunk) => {
      bytes += chunk.length;
      chunks?.push(chunk);
      parser.write(decoder.write(chunk));
    });
  } catch (error) {
    if (!(error instanceof FetchRefusedError)) throw error;
    session.state.setStatus(id, CrawlSession.failStatus(error));
    await session.record({ id, url, status: session.state.status(id), depth, issues: [] });
    return undefined;
  }
  parser.write(decoder.end());
  return { parsed: parser.end(), bytes, ...(chunks ? { body: Buffer.concat(chunks) } : {}) };
}

/**
 * The page as a browser shows it (audit settings' JavaScript rendering): its DOM after its
 * scripts ran, parsed like fetched HTML, so links a script writes are followed; the start page
 * and a sample of others measured for lab Core Web Vitals on the way. Undefined when rendering
 * failed: the fetched HTML stands.
 */
async function renderedPage(visit: Visit, response: SafeResponse, body: Buffer): Promise<ParsedPage | undefined> {
  const { session, url, target } = visit;
  const renderer = session.renderer;
  if (!renderer) return undefined;
  const vitals = (session.state.site.webVitals ??= { device: session.settings.device, pages: [] });
  const measure = renderer.claimVitals(VITALS_SAMPLE_PAGES - vitals.pages.length);
  const outcome = await renderer.render(target, { status: response.status, headers: response.headers, body }, measure);
  if (measure) renderer.releaseVitals();
  if (!outcome) return undefined;
  if (outcome.vitals && vitals.pages.length < VITALS_SAMPLE_PAGES) {
    const { lcpMs, cls, tbtMs } = outcome.vitals;
    vitals.pages.push({
      url,
      lcpMs: lcpMs === null ? null : Math.round(lcpMs),
      cls: Math.round(cls * 1000) / 1000,
      tbtMs: Math.round(tbtMs),
    });
  }
  const parser = new PageParser();
  parser.write(outcome.html);
  return parser.end();
}

/** What the page checks read, from the response and the parsed page; the link counts are filled by `collectLinks`. */
function pageFacts(
  { url, target }: Visit,
  response: SafeResponse,
  parsed: ParsedPage,
  bytes: number,
  ttfbMs: number,
  loadMs: number,
): PageFacts {
  return {
    url,
    https: target.protocol === 'https:',
    bytes,
    ttfbMs,
    loadMs,
    xRobotsNoindex: /noindex|none/i.test(String(response.headers['x-robots-tag'] ?? '')),
    headerCanonical: headerCanonical(response.headers, target),
    hsts: response.headers['strict-transport-security'] !== undefined,
    headerCharset: /charset=/i.test(response.headers['content-type'] ?? ''),
    parsed,
    ...noLinkFacts(),
  };
}

/** The page's base URL: its <base href>, else its own address. */
const baseOf = (visit: Visit, parsed: ParsedPage) =>
  (parsed.base && resolveHref(parsed.base, visit.target)) || visit.target;

/** What collectLinks keeps of a page's links: same-site and other-site targets, and their anchor texts. */
interface PageLinks {
  links: number[];
  externals: number[];
  /** Anchor text of each kept link, in the order of links then externals. */
  anchors: string[];
  nofollow: number[];
}

/**
 * Links: counted on the page, same-site ones handed to the frontier, other sites' kept to be
 * checked. A link to the page itself (a '#' fragment, or its own address) is navigation inside
 * the page: it is not an outlink, and its text is not judged as a link's.
 */
function collectLinks(visit: Visit, facts: PageFacts): PageLinks {
  const { session, url, depth } = visit;
  const base = baseOf(visit, facts.parsed);
  const kept = new Map<number, { text: string; external: boolean }>();
  const nofollow = new Set<number>();
  const linkKeys = new Set<string>();
  for (const link of facts.parsed.links) {
    const href = link.href.trim();
    if (href.startsWith('#') || /^(mailto|tel|javascript|data|sms|callto):/i.test(href)) continue;
    const resolved = href ? resolveHref(href, base) : undefined;
    if (href && !resolved) {
      facts.malformedLinks++;
      continue;
    }
    if (!resolved) continue;
    const key = crawlKey(resolved);
    if (key === url) continue;
    facts.outlinks++;
    if (link.empty) facts.emptyAnchors++;
    if (link.vague) facts.vagueAnchors++;
    if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') continue;
    if (resolved.protocol === 'http:') facts.httpLinks++;
    if (!session.scope.inSite(resolved)) {
      if (isLocalHost(resolved)) facts.localhostLinks++;
      const to = linkKeys.has(key) ? undefined : session.discoverExternal(resolved);
      linkKeys.add(key);
      if (to !== undefined && !kept.has(to)) kept.set(to, { text: link.text, external: true });
      continue;
    }
    if (link.nofollow) facts.nofollowInternal++;
    if (linkKeys.has(key)) continue;
    linkKeys.add(key);
    facts.internalLinks.push(key);
    const to = session.discover(resolved, depth + 1, 'link');
    if (to === undefined) continue;
    if (!kept.has(to)) kept.set(to, { text: link.text, external: false });
    if (link.nofollow) nofollow.add(to);
  }
  const links: number[] = [];
  const externals: number[] = [];
  for (const [to, { external }] of kept) {
    if (external) {
      externals.push(to);
      continue;
    }
    links.push(to);
    session.state.addInlink(to);
    session.state.flag(to, FLAG.linked);
  }
  const anchors = [...links, ...externals].map((to) => kept.get(to)?.text ?? '');
  return { links, externals, anchors, nofollow: [...nofollow] };
}

/** The canonical and hreflang alternates: facts for the checks, targets for the site graph. */
function collectReferences(visit: Visit, facts: PageFacts): void {
  const { session, id, url, depth } = visit;
  const { state, scope } = session;
  const base = baseOf(visit, facts.parsed);
  const canonicalHref = facts.parsed.canonicals[0];
  const canonical = canonicalHref === undefined ? undefined : resolveHref(canonicalHref, base);
  if (canonicalHref !== undefined) facts.canonicalRelative = !isAbsolute(canonicalHref);
  if (canonical) {
    facts.canonical = crawlKey(canonical);
    facts.canonicalNotHttp = canonical.protocol !== 'http:' && canonical.protocol !== 'https:';
    facts.canonicalOffSite = !facts.canonicalNotHttp && !scope.inSite(canonical);
    if (scope.inSite(canonical)) {
      const to = facts.canonical === url ? id : session.discover(canonical, depth + 1, 'reference');
      if (to !== undefined) state.setCanonicalTo(id, to);
      if (facts.canonical !== url) state.flag(id, FLAG.canonicalElsewhere);
    }
  }
  const alternates: number[] = [];
  for (const alternate of facts.parsed.hreflangs) {
    const resolved = resolveHref(alternate.href, base);
    const href = resolved && crawlKey(resolved);
    facts.hreflangs.push({ lang: alternate.lang, href, relative: !isAbsolute(alternate.href) });
    if (resolved && scope.inSite(resolved) && alternate.lang.toLowerCase() !== 'x-default') {
      const to = href === url ? id : session.discover(resolved, depth + 1, 'reference');
      if (to !== undefined) alternates.push(to);
    }
  }
  if (alternates.length) state.hreflang.set(id, alternates);
}

/** Images, stylesheets and scripts: facts for the checks, the same-site ones queued to be measured. */
function collectResources(visit: Visit, facts: PageFacts) {
  const { session } = visit;
  const base = baseOf(visit, facts.parsed);
  const ids = (hrefs: string[], into: string[]): number[] => {
    const found: number[] = [];
    for (const href of hrefs) {
      const resolved = resolveHref(href, base);
      if (!resolved) continue;
      if (facts.https && resolved.protocol === 'http:') facts.mixedContent = true;
      if (!session.scope.inSite(resolved)) continue;
      into.push(crawlKey(resolved));
      const id = session.discoverResource(resolved);
      if (id !== undefined) found.push(id);
    }
    return found;
  };
  const { parsed } = facts;
  const images = ids(
    parsed.images.flatMap((image) => (image.src ? [image.src] : [])),
    facts.images,
  );
  const stylesheets = ids(parsed.stylesheets, facts.stylesheets);
  const scripts = ids(parsed.scripts, facts.scripts);
  const others = ids(parsed.others, []);
  for (const action of parsed.formActions) {
    if (facts.https && resolveHref(action, base)?.protocol === 'http:') facts.formOverHttp = true;
  }
  return { images, stylesheets, scripts, others };
}

/** The page's links, references and resources followed, its checks run, its record stored or held for re-timing. */
async function finishPage(visit: Visit, facts: PageFacts): Promise<void> {
  const { session, id, url, depth } = visit;
  const { state } = session;
  const { parsed, bytes } = facts;
  state.flag(id, FLAG.html);
  state.setBytes(id, bytes);
  const { links, externals, anchors, nofollow } = collectLinks(visit, facts);
  collectReferences(visit, facts);
  const { images, stylesheets, scripts, others } = collectResources(visit, facts);
  if (parsed.robots.noindex || facts.xRobotsNoindex) state.flag(id, FLAG.noindex);
  if (parsed.title) state.titleHash[id] = shortHash(parsed.title.toLowerCase());
  if (parsed.description) state.descriptionHash[id] = shortHash(parsed.description.toLowerCase());
  if (parsed.words > 0) state.contentHash[id] = parsed.contentHash;

  const issues = runPageChecks(facts, session.settings);
  const page: PageRecord = {
    id,
    url,
    status: 200,
    depth,
    issues,
    links,
    ...(externals.length ? { externals } : {}),
    ...(anchors.some(Boolean) ? { anchors } : {}),
    ...(nofollow.length ? { nofollow } : {}),
    ...(images.length ? { images } : {}),
    ...(stylesheets.length ? { stylesheets } : {}),
    ...(scripts.length ? { scripts } : {}),
    ...(others.length ? { others } : {}),
    ...(parsed.title ? { title: parsed.title.slice(0, 300) } : {}),
    ...(parsed.description ? { description: parsed.description.slice(0, 300) } : {}),
    ...(parsed.h1 ? { h1: parsed.h1.slice(0, 300) } : {}),
    h2: parsed.h2Count,
    ...(facts.canonical ? { canonical: facts.canonical } : {}),
    ...(facts.hreflangs.length ? { hreflangs: facts.hreflangs.length } : {}),
    outlinks: facts.outlinks,
    words: parsed.words,
    bytes,
    ms: Math.round(facts.loadMs),
    ...(parsed.sketch ? { sketch: parsed.sketch } : {}),
  };
  // A crawl's own work (parsing a large page) delays every answer it is waiting for: a page
  // that looks slow is timed again before it is called slow, until the site has shown it is.
  if (issues.some((issue) => TIMED.has(issue)) && !session.slowSettled()) state.pendingSlow.push(page);
  else await session.record(page);
}
