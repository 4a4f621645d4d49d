import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SeoCheckId } from '@shared/seo-checks';
import { SEO_THRESHOLDS } from '@shared/seo-thresholds';

/**
 * A generated website with planted SEO defects, for the audit tests. Every clean page passes
 * every check (unique title, description, H1 and text, canonical, viewport, lang, two or more
 * inlinks, Open Graph, Twitter card, valid JSON-LD, a working external link, compressed and
 * cached files, HSTS...); each defect is one page, link or file made wrong in one way.
 * `version` 2 fixes some defects and plants new ones, for the audit comparison. `clean: true`
 * serves the clean twin: the same clean pages with the site-wide defects fixed (robots.txt,
 * sitemap, http to https redirect, certificate) and the defect pages no longer linked.
 * `damage()` breaks the site the way a bad deploy does, for the history test.
 */

export type Defect =
  | 'not-found'
  | 'server-error'
  | 'redirect-chain'
  | 'redirect-loop'
  | 'temporary-redirect'
  | 'duplicate-title'
  | 'missing-title'
  | 'short-title'
  | 'long-description'
  | 'missing-description'
  | 'duplicate-description'
  | 'missing-h1'
  | 'multiple-h1'
  | 'noindex'
  | 'canonical-to-404'
  | 'orphan-in-sitemap'
  | 'blocked-by-robots'
  | 'broken-image'
  | 'missing-alt'
  | 'too-many-links'
  | 'thin-content'
  | 'slow-page'
  | 'oversized-page'
  | 'deep-page'
  | 'duplicate-content'
  | 'no-viewport'
  | 'mixed-content'
  | 'meta-refresh'
  | 'vague-anchor'
  | 'dead-end'
  | 'sitemap-404'
  | 'broken-css'
  | 'broken-js'
  | 'broken-icon'
  | 'link-redirects-to-404'
  | 'broken-external-link'
  | 'canonical-off-site'
  | 'canonical-not-http'
  | 'soft-404'
  | 'near-duplicate'
  | 'json-ld-invalid'
  | 'json-ld-incomplete'
  | 'no-open-graph'
  | 'no-twitter-card'
  | 'short-description'
  | 'long-h1'
  | 'no-https-redirect'
  | 'certificate-expiring'
  | 'uncompressed-css'
  | 'uncached-script'
  | 'sitemap-disallowed'
  | 'hreflang-to-noindex'
  | 'hreflang-to-non-canonical'
  | 'x-robots-noindex'
  | 'nosnippet'
  | 'meta-in-body'
  | 'timeout'
  | 'fetch-failed'
  | 'nofollow-internal'
  | 'single-inlink'
  | 'empty-anchor'
  | 'http-link-on-https'
  | 'localhost-link'
  | 'malformed-href'
  | 'url-too-long'
  | 'url-long'
  | 'url-underscores'
  | 'url-bad-characters'
  | 'url-many-params'
  | 'redirect'
  | 'redirect-share'
  | 'title-long'
  | 'title-multiple'
  | 'description-multiple'
  | 'title-equals-h1'
  | 'heading-order'
  | 'h2-missing'
  | 'low-text-ratio'
  | 'dom-too-large'
  | 'duplicate-ids'
  | 'no-charset'
  | 'no-doctype'
  | 'frames'
  | 'no-lang'
  | 'img-alt-long'
  | 'img-no-dimensions'
  | 'img-large'
  | 'picture-without-img'
  | 'canonical-redirect'
  | 'canonical-to-non-canonical'
  | 'canonical-multiple'
  | 'canonical-relative'
  | 'canonical-header-mismatch'
  | 'canonical-missing'
  | 'hreflang-no-return'
  | 'hreflang-broken'
  | 'hreflang-invalid'
  | 'hreflang-relative'
  | 'hreflang-no-x-default'
  | 'hreflang-no-self'
  | 'sitemap-format'
  | 'sitemap-too-large'
  | 'resource-blocked'
  | 'slow-download'
  | 'css-too-large'
  | 'css-too-many'
  | 'js-too-many'
  | 'js-too-large'
  | 'http-page'
  | 'no-hsts'
  | 'form-over-http'
  | 'redirect-permanent'
  | 'robots-missing'
  | 'sitemap-missing';

/** Planted in version 1; version 2 fixes FIXED_IN_V2 and plants ADDED_IN_V2. */
export const V1_DEFECTS: readonly Defect[] = [
  'not-found',
  'server-error',
  'redirect-chain',
  'redirect-loop',
  'temporary-redirect',
  'duplicate-title',
  'missing-title',
  'short-title',
  'long-description',
  'missing-description',
  'duplicate-description',
  'missing-h1',
  'multiple-h1',
  'noindex',
  'canonical-to-404',
  'orphan-in-sitemap',
  'blocked-by-robots',
  'broken-image',
  'missing-alt',
  'too-many-links',
  'thin-content',
  'slow-page',
  'oversized-page',
  'deep-page',
  'duplicate-content',
  'no-viewport',
  'mixed-content',
  'meta-refresh',
  'vague-anchor',
  'dead-end',
  'sitemap-404',
  'broken-css',
  'broken-js',
  'broken-icon',
  'link-redirects-to-404',
  'broken-external-link',
  'canonical-off-site',
  'canonical-not-http',
  'soft-404',
  'near-duplicate',
  'json-ld-invalid',
  'json-ld-incomplete',
  'no-open-graph',
  'no-twitter-card',
  'short-description',
  'long-h1',
  'no-https-redirect',
  'certificate-expiring',
  'uncompressed-css',
  'uncached-script',
  'sitemap-disallowed',
  'hreflang-to-noindex',
  'hreflang-to-non-canonical',
  'x-robots-noindex',
  'nosnippet',
  'meta-in-body',
  'timeout',
  'fetch-failed',
  'nofollow-internal',
  'single-inlink',
  'empty-anchor',
  'http-link-on-https',
  'localhost-link',
  'malformed-href',
  'url-too-long',
  'url-long',
  'url-underscores',
  'url-bad-characters',
  'url-many-params',
  'redirect',
  'redirect-share',
  'title-long',
  'title-multiple',
  'description-multiple',
  'title-equals-h1',
  'heading-order',
  'h2-missing',
  'low-text-ratio',
  'dom-too-large',
  'duplicate-ids',
  'no-charset',
  'no-doctype',
  'frames',
  'no-lang',
  'img-alt-long',
  'img-no-dimensions',
  'img-large',
  'picture-without-img',
  'canonical-redirect',
  'canonical-to-non-canonical',
  'canonical-multiple',
  'canonical-relative',
  'canonical-header-mismatch',
  'canonical-missing',
  'hreflang-no-return',
  'hreflang-broken',
  'hreflang-invalid',
  'hreflang-relative',
  'hreflang-no-x-default',
  'hreflang-no-self',
  'sitemap-format',
  'sitemap-too-large',
  'resource-blocked',
  'slow-download',
  'css-too-large',
  'css-too-many',
  'js-too-many',
  'js-too-large',
  'http-page',
  'no-hsts',
  'form-over-http',
  'redirect-permanent',
];
const FIXED_IN_V2: readonly Defect[] = ['missing-title', 'long-description', 'broken-image', 'thin-content'];
const ADDED_IN_V2: readonly Defect[] = ['missing-alt-2' as Defect];

const CLEAN = ['/', '/about/', '/services/', '/pricing/', '/contact/', '/blog/'];

const WORDS = (
  'bakery bread sourdough flour oven morning crust crumb rye spelt butter croissant cake order delivery ' +
  'neighbour street market local organic seed honey cinnamon cardamom bun loaf starter dough knead proof ' +
  'bake slice toast jam coffee tea breakfast lunch weekend family recipe grain mill farmer season autumn ' +
  'summer winter spring festival wedding birthday party gift box basket fresh warm golden soft chewy ' +
  'tender rich sweet savoury salt water yeast wild slow patient craft hands skill apprentice master'
).split(' ');

/** Deterministic text: the same seed gives the same words, different seeds different words. */
function words(seed: string, count: number): string {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    out.push(WORDS[Math.abs(h) % WORDS.length]!);
    if (i % 12 === 11) out.push(seed.replace(/\W/g, '') + String(i));
  }
  return out.join(' ');
}

interface PageSpec {
  /** Markup at the very start of the body, before the header. */
  lead?: string;
  /** false: no Open Graph tags; no Twitter card. */
  openGraph?: boolean;
  twitterCard?: boolean;
  /** The JSON-LD block's text (default: a valid Organization); null for none. */
  jsonLd?: string | null;
  title?: string | null;
  description?: string | null;
  h1?: string | null;
  extraHead?: string;
  body?: string;
  links?: string[];
  viewport?: boolean;
  text?: string;
  canonical?: string | null;
  /** false: no doctype, no lang attribute, no charset meta, no h2. */
  doctype?: boolean;
  lang?: boolean;
  charset?: boolean;
  h2?: boolean;
}

export interface TestSite {
  origin: string;
  /** Absolute URL of a path. */
  url(path: string): string;
  version: number;
  setVersion(version: 1 | 2): void;
  /** For each planted defect, the check and the URL that must be flagged. */
  expectations(): { defect: string; check: string; url: string }[];
  /** Checks that must not flag a page: the false positives planted beside the defects. */
  notExpected(): { check: string; url: string }[];
  cleanUrls(): string[];
  /** The other website the pages link to (a working page and a 404). */
  externalOrigin: string;
  /**
   * Breaks the site as a bad deploy would: the stylesheet gone, /about/ answering 500, broken
   * links on /pricing/, and two pages that had issues (no description, no H1) answering 404 and 500
   * (and the events page with all its copies answering 500, when the site has them).
   */
  damage(broken: boolean): void;
  /** TLS options for the crawler's pool (the site's self-signed certificate). */
  ca?: string;
  hits: string[];
  close(): Promise<void>;
}

function pageHtml(origin: string, path: string, spec: PageSpec): string {
  const title =
    spec.title === undefined ? `Rosa's Bakery: ${path.replace(/\W+/g, ' ').trim() || 'home'} page guide` : spec.title;
  const description =
    spec.description === undefined
      ? `Everything you need to know about ${path.replace(/\W+/g, ' ').trim() || 'our home'} at Rosa's sourdough bakery in Bristol, baked fresh daily.`
      : spec.description;
  const h1 = spec.h1 === undefined ? `Welcome to ${path.replace(/\W+/g, ' ').trim() || 'the bakery'}` : spec.h1;
  const canonical = spec.canonical === undefined ? `${origin}${path}` : spec.canonical;
  const links = (spec.links ?? []).map(
    (href) => `<li><a href="${href}">Visit ${href.replace(/\W+/g, ' ').trim() || 'home'}</a></li>`,
  );
  const jsonLd =
    spec.jsonLd === undefined
      ? JSON.stringify({
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: "Rosa's Bakery",
          url: origin,
        })
      : spec.jsonLd;
  const social = [
    ...(spec.openGraph === false
      ? []
      : [
          `<meta property="og:title" content="${title ?? 'Rosa'}">`,
          '<meta property="og:type" content="website">',
          `<meta property="og:image" content="${origin}/logo.png">`,
          `<meta property="og:url" content="${origin}${path}">`,
        ]),
    ...(spec.twitterCard === false ? [] : ['<meta name="twitter:card" content="summary">']),
  ].join('\n');
  return `${spec.doctype === false ? '' : '<!doctype html>'}
<html${spec.lang === false ? '' : ' lang="en"'}>
<head>
${spec.charset === false ? '' : '<meta charset="utf-8">'}
${spec.viewport === false ? '' : '<meta name="viewport" content="width=device-width, initial-scale=1">'}
${title === null ? '' : `<title>${title}</title>`}
${description === null ? '' : `<meta name="description" content="${description}">`}
${canonical === null ? '' : `<link rel="canonical" href="${canonical}">`}
<link rel="stylesheet" href="/style.css">
${social}
${jsonLd === null ? '' : `<script type="application/ld+json">${jsonLd}</script>`}
${spec.extraHead ?? ''}
</head>
<body>
${spec.lead ?? ''}
<header><img src="/logo.png" alt="Rosa's Bakery logo" width="120" height="40"></header>
${h1 === null ? '' : `<h1>${h1}</h1>`}
${spec.h2 === false ? '' : '<h2>Fresh every morning</h2>'}
<p>${spec.text ?? words(path, 300)}</p>
${spec.body ?? ''}
<nav><ul>${links.join('')}</ul></nav>
</body>
</html>`;
}

function certificate(days: number): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'audit-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        String(days),
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,IP:127.0.0.2',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A stylesheet large enough that compression matters (about 2 KB). */
const STYLESHEET = Array.from(
  { length: 60 },
  (_, i) => `.bakery-block-${i}{margin:${i}px;color:#${(i * 4111).toString(16).padStart(6, '0').slice(0, 6)}}`,
).join('\n');
const HEAVY_STYLESHEET = STYLESHEET.repeat(10);
const CACHED = { 'cache-control': 'public, max-age=86400' };
/** Files just over their thresholds (served uncompressed: compressed, they would count as small). */
const LARGE_IMAGE = Buffer.alloc(SEO_THRESHOLDS.imageMaxBytes + 1024, 7);
const BIG_STYLESHEET = STYLESHEET.repeat(Math.ceil((SEO_THRESHOLDS.cssFileMaxBytes + 1024) / STYLESHEET.length));
const BIG_SCRIPT = `/* ${'x'.repeat(SEO_THRESHOLDS.jsTotalMaxBytes)} */`;
/** Where the planted site's old addresses lead. */
const OLD_ADDRESSES = ['/about/', '/services/', '/pricing/', '/contact/', '/blog/', '/', '/about/', '/services/'];
/** They hold a crawl for seconds, so only the tests that ask for them get them. */
const SLOW_DEFECTS: readonly Defect[] = ['timeout', 'slow-download'];

/** Two texts of 300 words that differ in one word: near duplicates, not exact ones. */
const NEAR_TEXT = words('near duplicate', 300);
const NEAR_TEXT_2 = NEAR_TEXT.replace(/^(\S+)/, 'wholemeal');

/**
 * The other website the pages link to: one page that works, one that is gone. On another
 * loopback address (127.0.0.1 is "localhost" to the link checks), over https when the site is,
 * with the same certificate (it names both addresses).
 */
async function serveExternalSite(tls?: {
  key: string;
  cert: string;
}): Promise<{ origin: string; close: () => Promise<void> }> {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/fine/') res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Flour mill</h1>');
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  };
  const server = tls ? createHttpsServer(tls, handler) : createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `${tls ? 'https' : 'http'}://127.0.0.2:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Serves the site on 127.0.0.1 (`port` 0: any free port). `https` serves it over TLS with a
 * fresh self-signed certificate, and plain http on the same port (the first byte tells them
 * apart), so the http to https redirect can be checked on a test port.
 */
export async function serveTestSite(
  options: {
    https?: boolean;
    port?: number;
    clean?: boolean;
    /** The clean pages only, over plain http, without robots.txt or a sitemap: the site-wide checks the planted site cannot fail. */
    bare?: boolean;
    /** Also plant the page that never answers and the page that takes over 3 s: they hold a crawl for seconds. */
    slowDefects?: boolean;
    /** Titles of the clean pages by path, in place of the generated ones (a title a spreadsheet would run as a formula). */
    titles?: Record<string, string>;
    /**
     * An events page and a calendar linking this many query-string copies of it (`/events/?day=1`...),
     * all the same page without a canonical; the damaged site answers 500 on all of them.
     */
    copies?: number;
  } = {},
): Promise<TestSite> {
  let version = 1;
  let damaged = false;
  const bare = options.bare ?? false;
  const clean = (options.clean ?? false) || bare;
  const hits: string[] = [];
  // The planted site's certificate expires in 10 days (under the 30-day warning), the twin's in a year.
  const tls = options.https && !bare ? certificate(clean ? 365 : 10) : undefined;
  const external = await serveExternalSite(tls);
  let origin = '';
  // Made once: building 3 MB of text per request would stall the server, and every page would look slow.
  let hugeText: string | undefined;
  let bigSitemap: string | undefined;

  const has = (defect: string) =>
    !clean &&
    (options.slowDefects || !SLOW_DEFECTS.includes(defect as Defect)) &&
    (version === 1
      ? V1_DEFECTS.includes(defect as Defect)
      : (V1_DEFECTS.includes(defect as Defect) && !FIXED_IN_V2.includes(defect as Defect)) ||
        ADDED_IN_V2.includes(defect as Defect));

  const cleanLinks = (path: string) => {
    const i = CLEAN.indexOf(path);
    const links = [CLEAN[(i + 1) % CLEAN.length]!, CLEAN[(i + 2) % CLEAN.length]!, '/'].filter((p) => p !== path);
    // The damaged site's pricing page links to pages that are gone.
    if (damaged && path === '/pricing/') links.push('/menu-2019/', '/old-offers/');
    return [...links, `${external.origin}/fine/`];
  };

  const defectLinks = () => {
    const links = ['/dup-title-1/', '/dup-title-2/', '/no-title/', '/short-title/', '/long-description/'];
    links.push('/no-description/', '/dup-desc-1/', '/dup-desc-2/', '/no-h1/', '/two-h1/', '/noindex/');
    links.push('/bad-canonical/', '/broken-image/', '/no-alt/', '/many-links/', '/thin/', '/slow/', '/huge/');
    links.push('/deep/1/', '/dup-content-1/', '/dup-content-2/', '/no-viewport/', '/mixed/', '/refresh/');
    links.push('/vague/', '/dead-end/', '/temp-redirect/', '/chain-a/', '/loop-a/', '/private/page/');
    if (has('not-found')) links.push('/missing/');
    links.push('/server-error/');
    // Linked in both versions: version 2's new defect is on a page the first audit checked.
    links.push('/new-no-alt/');
    links.push('/broken-css/', '/broken-js/', '/broken-icon/', '/links-to-moved/', '/external-links/');
    links.push('/canonical-elsewhere/', '/canonical-file/', '/soft-404/', '/near-dup-1/', '/near-dup-2/');
    links.push('/bad-json-ld/', '/incomplete-json-ld/', '/no-og/', '/no-twitter/', '/short-description/');
    links.push('/long-h1/', '/heavy-css/', '/uncached-script/', '/hreflang-a/', '/hreflang-b/');
    links.push('/many-anchors/', '/h3-first/');
    for (const planted of PLANTED)
      if (has(planted.defect ?? planted.check) && planted.link !== false) links.push(planted.link ?? planted.path);
    return links;
  };

  const hreflangs = (pairs: [string, string][]) =>
    pairs.map(([lang, path]) => `<link rel="alternate" hreflang="${lang}" href="${origin}${path}">`).join('');

  type Route = {
    status: number;
    headers?: Record<string, string>;
    body?: string | Buffer;
    delayMs?: number;
    /** Without the HSTS header an https page has. */
    hsts?: false;
    /** Never answered; or the connection cut before an answer; or the body's second half sent after this long. */
    hang?: true;
    reset?: true;
    trickleMs?: number;
  };

  /** The http:// address of a path on the same port (the planted site serves pages over both). */
  const plainUrl = (path: string) => `http://127.0.0.1:${new URL(origin).port}${path}`;

  /** A page like the clean ones, linking home, but for what `spec` changes. */
  const page =
    (spec: PageSpec, extra: Omit<Route, 'status'> = {}) =>
    (path: string): Route => ({ status: 200, body: pageHtml(origin, path, { links: ['/'], ...spec }), ...extra });
  const img = (attrs: string) => ({ body: `<img src="/img/photo.png" ${attrs}>` });
  const alternates = (...pairs: [string, string][]) => ({
    extraHead: pairs.map(([lang, href]) => `<link rel="alternate" hreflang="${lang}" href="${href}">`).join(''),
  });

  /**
   * One page (or file) per check the defect list above does not already cover, each wrong in
   * that one way; /defects/ links each `link` (default `path`), and `flagged` is the URL the
   * check must name (default `path`). Those without `route` are planted by pages listed above.
   */
  const PLANTED: {
    check: SeoCheckId;
    /** The defect's name when it is not the check's. */
    defect?: Defect;
    path: string;
    /** What /defects/ links (false: nothing, the page is reached otherwise) and the URL the check must name. */
    link?: string | false;
    flagged?: () => string;
    route?: (path: string) => Route;
  }[] = [
    { check: 'x-robots-noindex', path: '/x-robots/', route: page({}, { headers: { 'x-robots-tag': 'noindex' } }) },
    { check: 'nosnippet', path: '/nosnippet/', route: page({ extraHead: '<meta name="robots" content="nosnippet">' }) },
    { check: 'meta-in-body', path: '/meta-in-body/', route: page({ body: '<meta name="author" content="Rosa">' }) },
    { check: 'timeout', path: '/never-answers/', route: () => ({ status: 200, hang: true }) },
    { check: 'fetch-failed', path: '/connection-cut/', route: () => ({ status: 200, reset: true }) },
    {
      check: 'nofollow-internal',
      path: '/nofollow/',
      route: page({ body: '<p><a href="/about/" rel="nofollow">Our story</a></p>' }),
    },
    // Linked from /defects/ alone.
    { check: 'single-inlink', path: '/no-alt/', link: false },
    { check: 'empty-anchor', path: '/empty-anchor/', route: page({ body: '<p><a href="/about/"></a></p>' }) },
    {
      check: 'http-link-on-https',
      path: '/http-link/',
      route: (path) => page({ links: [plainUrl('/plain/'), '/'] })(path),
    },
    // Served over http; it links back over https only, so the crawl does not take the whole site over http.
    {
      check: 'http-page',
      path: '/plain/',
      link: false,
      flagged: () => plainUrl('/plain/'),
      route: (path) => page({ links: [`${origin}/`], canonical: plainUrl(path) })(path),
    },
    { check: 'localhost-link', path: '/localhost-link/', route: page({ links: ['http://localhost/admin/', '/'] }) },
    {
      check: 'malformed-href',
      path: '/malformed-link/',
      route: page({ body: '<p><a href="http://[bakery/">Our old shop</a></p>' }),
    },
    { check: 'url-too-long', path: `/long-url/${'a'.repeat(2000)}/` },
    { check: 'url-long', path: `/long-url/${'b'.repeat(220)}/` },
    { check: 'url-underscores', path: '/bread_and_butter/', route: page({}) },
    { check: 'url-bad-characters', path: '/rye%20bread/', route: page({}) },
    {
      check: 'url-many-params',
      path: '/params/',
      link: '/params/?a=1&amp;b=2&amp;c=3&amp;d=4&amp;e=5',
      flagged: () => url('/params/?a=1&b=2&c=3&d=4&e=5'),
      route: (path) => page({ canonical: `${origin}${path}?a=1&amp;b=2&amp;c=3&amp;d=4&amp;e=5` })(path),
    },
    { check: 'redirect', path: '/chain-a/', link: false },
    { check: 'redirect-permanent', path: '/chain-a/', link: false },
    // Addresses of a site's previous version, each moved to a page: over 5% of the pages redirect.
    {
      check: 'redirect-share',
      path: '/moved-pages/',
      flagged: () => url('/old-1/'),
      route: page({ links: OLD_ADDRESSES.map((_, i) => `/old-${i + 1}/`) }),
    },
    {
      check: 'title-long',
      path: '/long-title/',
      route: page({ title: "Rosa's Bakery: sourdough, rye, spelt and wholemeal loaves baked fresh every morning" }),
    },
    {
      check: 'title-multiple',
      path: '/two-titles/',
      route: page({ extraHead: '<title>Rosa’s Bakery: a second title</title>' }),
    },
    {
      check: 'description-multiple',
      path: '/two-descriptions/',
      route: page({
        extraHead:
          '<meta name="description" content="A second description of the same page, which search engines may pick.">',
      }),
    },
    {
      check: 'title-equals-h1',
      path: '/title-is-h1/',
      route: page({ title: "Rosa's Bakery: wedding cakes to order", h1: "Rosa's Bakery: wedding cakes to order" }),
    },
    { check: 'heading-order', path: '/skipped-heading/', route: page({ body: '<h4>Opening hours</h4>' }) },
    { check: 'h2-missing', path: '/no-h2/', route: page({ h2: false }) },
    {
      check: 'low-text-ratio',
      path: '/low-text-ratio/',
      route: page({ extraHead: `<style>${HEAVY_STYLESHEET.slice(0, 40_000)}</style>` }),
    },
    { check: 'dom-too-large', path: '/big-dom/', route: page({ body: '<i></i>'.repeat(1600) }) },
    {
      check: 'duplicate-ids',
      path: '/duplicate-ids/',
      route: page({ body: '<p id="menu">Bread</p><p id="menu">Cakes</p>' }),
    },
    {
      check: 'no-charset',
      path: '/no-charset/',
      route: page({ charset: false }, { headers: { 'content-type': 'text/html' } }),
    },
    { check: 'no-doctype', path: '/no-doctype/', route: page({ doctype: false }) },
    { check: 'frames', path: '/frames/', route: page({ body: '<iframe src="/about/" title="About us"></iframe>' }) },
    { check: 'no-lang', path: '/no-lang/', route: page({ lang: false }) },
    {
      check: 'img-alt-long',
      path: '/long-alt/',
      route: page(img(`alt="${words('long alt', 25)}" width="10" height="10"`)),
    },
    { check: 'img-no-dimensions', path: '/unsized-image/', route: page(img('alt="A loaf"')) },
    {
      check: 'img-large',
      path: '/large-image/',
      route: page({ body: '<img src="/img/large.png" alt="A loaf, close up" width="10" height="10">' }),
    },
    {
      check: 'picture-without-img',
      path: '/picture/',
      route: page({ body: '<picture><source srcset="/img/photo.png" type="image/png"></picture>' }),
    },
    {
      check: 'canonical-redirect',
      path: '/canonical-to-redirect/',
      route: (path) => page({ canonical: `${origin}/temp-redirect/` })(path),
    },
    {
      check: 'canonical-to-non-canonical',
      path: '/canonical-hop/',
      // That page names /about/ as its canonical.
      route: (path) => page({ canonical: `${origin}/hreflang-elsewhere/` })(path),
    },
    {
      check: 'canonical-multiple',
      path: '/two-canonicals/',
      route: (path) => page({ extraHead: `<link rel="canonical" href="${origin}${path}">` })(path),
    },
    { check: 'canonical-relative', path: '/relative-canonical/', route: page({ canonical: '/relative-canonical/' }) },
    {
      check: 'canonical-header-mismatch',
      path: '/header-canonical/',
      route: (path) => page({}, { headers: { link: `<${origin}/about/>; rel="canonical"` } })(path),
    },
    { check: 'canonical-missing', path: '/no-canonical/', route: page({ canonical: null }) },
    {
      check: 'hreflang-no-return',
      path: '/hreflang-one-way/',
      route: (path) =>
        page(alternates(['en', `${origin}${path}`], ['de', `${origin}/services/`], ['x-default', `${origin}${path}`]))(
          path,
        ),
    },
    {
      check: 'hreflang-broken',
      path: '/hreflang-broken/',
      route: (path) =>
        page(
          alternates(
            ['en', `${origin}${path}`],
            ['de', `${origin}/gone-alternate/`],
            ['x-default', `${origin}${path}`],
          ),
        )(path),
    },
    {
      check: 'hreflang-invalid',
      path: '/hreflang-invalid/',
      route: (path) => page(alternates(['en-UK', `${origin}${path}`], ['x-default', `${origin}${path}`]))(path),
    },
    {
      check: 'hreflang-relative',
      path: '/hreflang-relative/',
      route: (path) => page(alternates(['en', path], ['x-default', `${origin}${path}`]))(path),
    },
    {
      check: 'hreflang-no-x-default',
      path: '/hreflang-no-default/',
      route: (path) => page(alternates(['en', `${origin}${path}`]))(path),
    },
    {
      check: 'hreflang-no-self',
      path: '/hreflang-no-self/',
      route: (path) => page(alternates(['x-default', `${origin}/hreflang-a/`]))(path),
    },
    { check: 'sitemap-format', path: '/sitemap-news.xml', link: false },
    { check: 'sitemap-too-large', path: '/sitemap-big.xml', link: false },
    {
      check: 'resource-blocked',
      path: '/blocked-style/',
      route: page({ extraHead: '<link rel="stylesheet" href="/private/print.css">' }),
    },
    { check: 'slow-page', defect: 'slow-download', path: '/slow-download/', route: page({}, { trickleMs: 3300 }) },
    {
      check: 'css-too-large',
      path: '/big-css/',
      route: page({ extraHead: '<link rel="stylesheet" href="/css/big.css">' }),
    },
    {
      check: 'css-too-many',
      path: '/many-css/',
      route: page({ extraHead: '<link rel="stylesheet" href="/style.css">'.repeat(SEO_THRESHOLDS.maxCssFiles) }),
    },
    {
      check: 'js-too-many',
      path: '/many-scripts/',
      route: page({ extraHead: '<script src="/js/app.js"></script>'.repeat(SEO_THRESHOLDS.maxJsFiles + 1) }),
    },
    {
      check: 'js-too-large',
      path: '/big-script/',
      route: page({ extraHead: '<script src="/js/big.js"></script>' }),
    },
    { check: 'no-hsts', path: '/no-hsts/', route: page({}, { hsts: false }) },
    {
      check: 'form-over-http',
      path: '/http-form/',
      route: (path) =>
        page({ body: `<form action="${plainUrl('/subscribe/')}" method="post"><button>Subscribe</button></form>` })(
          path,
        ),
    },
  ];

  const routes = (path: string, gzip: boolean): Route | undefined => {
    const html = (spec: PageSpec) => ({ status: 200, body: pageHtml(origin, path, spec) });
    // A path long enough to be a defect of its own.
    if (path.startsWith('/long-url/') && !clean)
      return html({
        title: `Rosa's Bakery: an address ${path.length} characters long`,
        description: `A page of Rosa's sourdough bakery in Bristol whose address is ${path.length} characters long.`,
        h1: 'A long address',
        links: ['/'],
      });
    const old = /^\/old-(\d+)\/$/.exec(path);
    if (old && has('redirect-share'))
      return { status: 301, headers: { location: OLD_ADDRESSES[Number(old[1]) - 1] ?? '/' } };
    const planted = PLANTED.find((p) => p.path === path && p.route && has(p.defect ?? p.check));
    if (planted?.route) return planted.route(path);
    if (CLEAN.includes(path)) {
      if (damaged && path === '/about/') return { status: 500, body: 'Internal Server Error' };
      const links = cleanLinks(path);
      if (path === '/' && !clean) links.push('/defects/');
      if (path === '/' && options.copies) links.push('/calendar/', '/events/');
      const title = options.titles?.[path];
      return html({ links, ...(title ? { title } : {}) });
    }
    if (path === '/calendar/' && options.copies) {
      const days = Array.from({ length: options.copies }, (_, i) => `/events/?day=${i + 1}`);
      return html({ links: ['/', '/events/', ...days] });
    }
    if (path === '/events/' && options.copies) {
      if (damaged) return { status: 500, body: 'Internal Server Error' };
      return html({ canonical: null, links: ['/', '/calendar/'] });
    }
    switch (path) {
      case '/robots.txt': {
        if (bare) return undefined;
        const sitemaps = ['/sitemap.xml'];
        if (has('sitemap-format')) sitemaps.push('/sitemap-news.xml');
        if (has('sitemap-too-large')) sitemaps.push('/sitemap-big.xml');
        return {
          status: 200,
          headers: { 'content-type': 'text/plain' },
          body: `User-agent: *\nDisallow: /private/\n\n${sitemaps.map((p) => `Sitemap: ${origin}${p}\n`).join('')}`,
        };
      }
      case '/sitemap-news.xml':
        // Named by robots.txt, but a web page rather than a urlset.
        return html({ links: ['/'] });
      case '/sitemap-big.xml':
        // One URL more than a sitemap may list (the home page again and again: nothing new to crawl).
        bigSitemap ??= `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${`<url><loc>${origin}/</loc></url>`.repeat(SEO_THRESHOLDS.sitemapMaxUrls + 1)}</urlset>`;
        return { status: 200, headers: { 'content-type': 'application/xml' }, body: bigSitemap };
      case '/sitemap.xml': {
        if (bare) return undefined;
        const listed = clean
          ? CLEAN
          : [
              ...CLEAN,
              '/orphan/',
              '/noindex/',
              ...(has('sitemap-404') ? ['/sitemap-missing/'] : []),
              ...(has('sitemap-disallowed') ? ['/private/listed/'] : []),
            ];
        return {
          status: 200,
          headers: { 'content-type': 'application/xml' },
          body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${listed
            .map((p) => `<url><loc>${origin}${p}</loc></url>`)
            .join('')}</urlset>`,
        };
      }
      case '/style.css':
        if (damaged) return undefined;
        // Compressed when the client asks, as any well-set server does.
        return gzip
          ? {
              status: 200,
              headers: { 'content-type': 'text/css', 'content-encoding': 'gzip', ...CACHED },
              body: gzipSync(STYLESHEET),
            }
          : { status: 200, headers: { 'content-type': 'text/css', ...CACHED }, body: STYLESHEET };
      case '/css/heavy.css':
        return { status: 200, headers: { 'content-type': 'text/css', ...CACHED }, body: HEAVY_STYLESHEET };
      case '/img/large.png':
        return { status: 200, headers: { 'content-type': 'image/png', ...CACHED }, body: LARGE_IMAGE };
      case '/css/big.css':
        return { status: 200, headers: { 'content-type': 'text/css', ...CACHED }, body: BIG_STYLESHEET };
      case '/js/big.js':
        return { status: 200, headers: { 'content-type': 'text/javascript', ...CACHED }, body: BIG_SCRIPT };
      case '/js/app.js':
        return { status: 200, headers: { 'content-type': 'text/javascript', ...CACHED }, body: 'console.log(2);' };
      case '/js/uncached.js':
        return { status: 200, headers: { 'content-type': 'text/javascript' }, body: 'console.log(1);' };
      case '/logo.png':
      case '/img/photo.png':
        return { status: 200, headers: { 'content-type': 'image/png', ...CACHED }, body: 'PNG'.repeat(100) };
      case '/defects/':
        return html({ links: defectLinks() });
      case '/dup-title-1/':
      case '/dup-title-2/':
        return html({ title: "Rosa's Bakery: the same title on two pages", links: ['/'] });
      case '/no-title/':
        return html({ title: has('missing-title') ? null : "Rosa's Bakery: a page with its title back", links: ['/'] });
      case '/short-title/':
        return html({ title: 'Short', links: ['/'] });
      case '/long-description/':
        return html({ description: has('long-description') ? words('long description', 40) : undefined, links: ['/'] });
      case '/no-description/':
        if (damaged) return undefined;
        return html({ description: null, links: ['/'] });
      case '/dup-desc-1/':
      case '/dup-desc-2/':
        return html({
          description: 'One description that two different pages of the bakery share word for word.',
          links: ['/'],
        });
      case '/no-h1/':
        if (damaged) return { status: 500, body: 'Internal Server Error' };
        return html({ h1: null, links: ['/'] });
      case '/two-h1/':
        return html({ body: '<h1>A second main heading</h1>', links: ['/'] });
      case '/noindex/':
        return html({ extraHead: '<meta name="robots" content="noindex">', links: ['/'] });
      case '/bad-canonical/':
        return html({ canonical: `${origin}/gone-canonical/`, links: ['/'] });
      case '/broken-image/':
        return html({
          body: has('broken-image')
            ? '<img src="/img/missing.png" alt="A loaf" width="10" height="10">'
            : '<img src="/img/photo.png" alt="A loaf" width="10" height="10">',
          links: ['/'],
        });
      case '/no-alt/':
        return html({ body: '<img src="/img/photo.png" width="10" height="10">', links: ['/'] });
      case '/new-no-alt/':
        return html({
          body: `<img src="/img/photo.png"${has('missing-alt-2') ? '' : ' alt="A loaf"'} width="10" height="10">`,
          links: ['/'],
        });
      case '/many-links/':
        return html({ links: Array.from({ length: 401 }, (_, i) => CLEAN[i % CLEAN.length]!) });
      case '/many-anchors/':
        // A long table of contents: same-page links are neither outlinks nor judged as link text.
        return html({
          body: Array.from({ length: 401 }, (_, i) => `<a href="#part-${i}">read more</a>`).join(' '),
          links: ['/'],
        });
      case '/h3-first/':
        return html({ lead: "<h3>Today's loaves</h3>", links: ['/'] });
      case '/thin/':
        return html({ text: has('thin-content') ? words('thin', 40) : words('thin', 300), links: ['/'] });
      case '/slow/':
        return { ...html({ links: ['/'] }), delayMs: 1000 };
      case '/huge/':
        return html({ text: (hugeText ??= words('huge', 450_000)), links: ['/'] });
      case '/deep/1/':
        return html({ links: ['/deep/2/', '/'] });
      case '/deep/2/':
        return html({ links: ['/deep/3/', '/'] });
      case '/deep/3/':
        return html({ links: ['/'] });
      case '/dup-content-1/':
      case '/dup-content-2/':
        return html({ text: words('shared text', 300), links: ['/'] });
      case '/no-viewport/':
        return html({ viewport: false, links: ['/'] });
      case '/mixed/':
        return html({ body: '<img src="http://example.com/pic.png" alt="Remote" width="1" height="1">', links: ['/'] });
      case '/refresh/':
        return html({ extraHead: '<meta http-equiv="refresh" content="5; url=/">', links: ['/'] });
      case '/vague/':
        return html({ body: '<p><a href="/">click here</a></p>', links: ['/about/'] });
      case '/dead-end/':
        return html({ links: [] });
      case '/orphan/':
        return html({ links: ['/'] });
      case '/temp-redirect/':
        return { status: 302, headers: { location: '/about/' } };
      case '/chain-a/':
        return { status: 301, headers: { location: '/chain-b/' } };
      case '/chain-b/':
        return { status: 301, headers: { location: '/chain-end/' } };
      case '/chain-end/':
        return html({ links: ['/'] });
      case '/loop-a/':
        return { status: 302, headers: { location: '/loop-b/' } };
      case '/loop-b/':
        return { status: 302, headers: { location: '/loop-a/' } };
      case '/private/page/':
      case '/private/listed/':
        return html({ links: ['/'] });
      case '/server-error/':
        return { status: 500, body: 'Internal Server Error' };
      case '/broken-css/':
        return html({ extraHead: '<link rel="stylesheet" href="/css/missing.css">', links: ['/'] });
      case '/broken-js/':
        return html({ extraHead: '<script src="/js/missing.js"></script>', links: ['/'] });
      case '/broken-icon/':
        return html({ extraHead: '<link rel="icon" href="/missing-icon.png">', links: ['/'] });
      case '/links-to-moved/':
        return html({ links: ['/moved-away/', '/'] });
      case '/moved-away/':
        return { status: 301, headers: { location: '/gone-away/' } };
      case '/external-links/':
        return html({ links: [`${external.origin}/fine/`, `${external.origin}/gone/`, '/'] });
      case '/canonical-elsewhere/':
        return html({ canonical: 'https://example.com/bakery/', links: ['/'] });
      case '/canonical-file/':
        return html({ canonical: 'file:///var/www/bakery/index.html', links: ['/'] });
      case '/soft-404/':
        return html({ title: 'Page not found', h1: 'Sorry, this page does not exist', links: ['/'] });
      case '/near-dup-1/':
        return html({ text: NEAR_TEXT, links: ['/'] });
      case '/near-dup-2/':
        return html({ text: NEAR_TEXT_2, links: ['/'] });
      case '/bad-json-ld/':
        return html({
          jsonLd: '{"@context": "https://schema.org", "@type": "Organization", "name": "Rosa",',
          links: ['/'],
        });
      case '/incomplete-json-ld/':
        return html({
          jsonLd: JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Sourdough loaf' }),
          links: ['/'],
        });
      case '/no-og/':
        return html({ openGraph: false, links: ['/'] });
      case '/no-twitter/':
        return html({ twitterCard: false, links: ['/'] });
      case '/short-description/':
        return html({ description: 'Fresh bread, every day.', links: ['/'] });
      case '/long-h1/':
        return html({
          h1: 'Our sourdough, rye, spelt and wholemeal loaves, baked every single morning in Bristol since 1998',
          links: ['/'],
        });
      case '/heavy-css/':
        return html({ extraHead: '<link rel="stylesheet" href="/css/heavy.css">', links: ['/'] });
      case '/uncached-script/':
        return html({ extraHead: '<script src="/js/uncached.js"></script>', links: ['/'] });
      case '/hreflang-a/':
        return html({
          extraHead: hreflangs([
            ['en', '/hreflang-a/'],
            ['de', '/hreflang-noindex/'],
            ['x-default', '/hreflang-a/'],
          ]),
          links: ['/'],
        });
      case '/hreflang-noindex/':
        return html({
          extraHead: `<meta name="robots" content="noindex">${hreflangs([
            ['en', '/hreflang-a/'],
            ['de', '/hreflang-noindex/'],
            ['x-default', '/hreflang-a/'],
          ])}`,
          links: ['/'],
        });
      case '/hreflang-b/':
        return html({
          extraHead: hreflangs([
            ['en', '/hreflang-b/'],
            ['fr', '/hreflang-elsewhere/'],
            ['x-default', '/hreflang-b/'],
          ]),
          links: ['/'],
        });
      case '/hreflang-elsewhere/':
        return html({
          canonical: `${origin}/about/`,
          extraHead: hreflangs([
            ['en', '/hreflang-b/'],
            ['fr', '/hreflang-elsewhere/'],
            ['x-default', '/hreflang-b/'],
          ]),
          links: ['/'],
        });
      default:
        return undefined;
    }
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.push(path);
    const gzip = /gzip/.test(req.headers['accept-encoding'] ?? '');
    // As most servers do: a directory without its trailing slash redirects to it.
    const route =
      !path.endsWith('/') && !path.includes('.') && routes(`${path}/`, gzip)
        ? { status: 301, headers: { location: `${path}/` } }
        : routes(path, gzip);
    if (route?.hang) return;
    if (route?.reset) {
      req.socket.destroy();
      return;
    }
    const send = () => {
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', ...route?.headers };
      if (tls && route?.hsts !== false) headers['strict-transport-security'] = 'max-age=31536000';
      if (!route) {
        res
          .writeHead(404, headers)
          .end(pageHtml(origin, path, { title: 'Page not found at the bakery', links: ['/'] }));
        return;
      }
      if (route.trickleMs && typeof route.body === 'string') {
        const half = Math.floor(route.body.length / 2);
        res.writeHead(route.status, headers).write(route.body.slice(0, half));
        setTimeout(() => res.end(route.body?.slice(half)), route.trickleMs);
        return;
      }
      res.writeHead(route.status, headers).end(route.body ?? '');
    };
    if (route?.delayMs) setTimeout(send, route.delayMs);
    else send();
  };

  // The http:// twin of an https site: the clean twin redirects it, the planted site serves pages on it.
  const plainHandler = (req: IncomingMessage, res: ServerResponse) => {
    if (clean) res.writeHead(301, { location: `${origin}${req.url ?? '/'}` }).end();
    else handler(req, res);
  };

  const httpServer = createHttpServer(tls ? plainHandler : handler);
  const httpsServer = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, handler) : undefined;
  const server = httpsServer
    ? createNetServer((socket) => {
        socket.once('data', (first) => {
          socket.pause();
          socket.unshift(first);
          // A TLS handshake starts with 0x16; anything else is plain HTTP.
          (first[0] === 0x16 ? httpsServer : httpServer).emit('connection', socket);
          process.nextTick(() => socket.resume());
        });
      })
    : httpServer;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  origin = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const url = (path: string) => `${origin}${path}`;

  return {
    origin,
    url,
    get version() {
      return version;
    },
    setVersion: (v) => (version = v),
    damage: (broken) => (damaged = broken),
    externalOrigin: external.origin,
    ca: tls?.cert,
    hits,
    cleanUrls: () => CLEAN.map(url),
    notExpected: () =>
      clean
        ? []
        : [
            { check: 'too-many-links', url: url('/many-anchors/') },
            { check: 'vague-anchor', url: url('/many-anchors/') },
            { check: 'heading-order', url: url('/h3-first/') },
            { check: 'canonical-missing', url: url('/canonical-file/') },
            { check: 'duplicate-content', url: url('/near-dup-1/') },
          ],
    expectations: () => {
      if (bare)
        return [
          { defect: 'robots-missing', check: 'robots-missing', url: url('/robots.txt') },
          { defect: 'sitemap-missing', check: 'sitemap-missing', url: url('/sitemap.xml') },
          { defect: 'http-page', check: 'http-page', url: url('/') },
        ];
      if (clean) return [];
      const all: { defect: string; check: string; url: string }[] = [
        { defect: 'not-found', check: 'http-4xx', url: url('/missing/') },
        { defect: 'not-found', check: 'broken-internal-link', url: url('/defects/') },
        { defect: 'server-error', check: 'http-5xx', url: url('/server-error/') },
        { defect: 'redirect-chain', check: 'redirect-chain', url: url('/chain-a/') },
        { defect: 'redirect-loop', check: 'redirect-loop', url: url('/loop-a/') },
        { defect: 'redirect-loop', check: 'redirect-loop', url: url('/loop-b/') },
        { defect: 'temporary-redirect', check: 'redirect-temporary', url: url('/temp-redirect/') },
        { defect: 'duplicate-title', check: 'title-duplicate', url: url('/dup-title-1/') },
        { defect: 'duplicate-title', check: 'title-duplicate', url: url('/dup-title-2/') },
        { defect: 'missing-title', check: 'title-missing', url: url('/no-title/') },
        { defect: 'short-title', check: 'title-short', url: url('/short-title/') },
        { defect: 'long-description', check: 'description-long', url: url('/long-description/') },
        { defect: 'missing-description', check: 'description-missing', url: url('/no-description/') },
        { defect: 'duplicate-description', check: 'description-duplicate', url: url('/dup-desc-1/') },
        { defect: 'missing-h1', check: 'h1-missing', url: url('/no-h1/') },
        { defect: 'multiple-h1', check: 'h1-multiple', url: url('/two-h1/') },
        { defect: 'noindex', check: 'noindex', url: url('/noindex/') },
        { defect: 'noindex', check: 'sitemap-not-indexable', url: url('/noindex/') },
        { defect: 'canonical-to-404', check: 'canonical-broken', url: url('/bad-canonical/') },
        { defect: 'orphan-in-sitemap', check: 'orphan', url: url('/orphan/') },
        { defect: 'blocked-by-robots', check: 'blocked-by-robots', url: url('/private/page/') },
        { defect: 'broken-image', check: 'img-broken', url: url('/broken-image/') },
        { defect: 'missing-alt', check: 'img-missing-alt', url: url('/no-alt/') },
        { defect: 'missing-alt-2', check: 'img-missing-alt', url: url('/new-no-alt/') },
        { defect: 'too-many-links', check: 'too-many-links', url: url('/many-links/') },
        { defect: 'thin-content', check: 'low-word-count', url: url('/thin/') },
        { defect: 'slow-page', check: 'slow-response', url: url('/slow/') },
        { defect: 'oversized-page', check: 'html-too-large', url: url('/huge/') },
        { defect: 'deep-page', check: 'deep-page', url: url('/deep/3/') },
        { defect: 'duplicate-content', check: 'duplicate-content', url: url('/dup-content-1/') },
        { defect: 'no-viewport', check: 'no-viewport', url: url('/no-viewport/') },
        { defect: 'mixed-content', check: 'mixed-content', url: url('/mixed/') },
        { defect: 'meta-refresh', check: 'meta-refresh', url: url('/refresh/') },
        { defect: 'vague-anchor', check: 'vague-anchor', url: url('/vague/') },
        { defect: 'dead-end', check: 'dead-end', url: url('/dead-end/') },
        { defect: 'sitemap-404', check: 'sitemap-non-200', url: url('/sitemap-missing/') },
        { defect: 'broken-css', check: 'css-broken', url: url('/broken-css/') },
        { defect: 'broken-js', check: 'js-broken', url: url('/broken-js/') },
        { defect: 'broken-icon', check: 'resource-broken', url: url('/broken-icon/') },
        { defect: 'link-redirects-to-404', check: 'broken-internal-link', url: url('/links-to-moved/') },
        { defect: 'broken-external-link', check: 'broken-external-link', url: url('/external-links/') },
        { defect: 'canonical-off-site', check: 'canonical-off-site', url: url('/canonical-elsewhere/') },
        { defect: 'canonical-not-http', check: 'canonical-not-http', url: url('/canonical-file/') },
        { defect: 'soft-404', check: 'soft-404', url: url('/soft-404/') },
        { defect: 'near-duplicate', check: 'near-duplicate-content', url: url('/near-dup-1/') },
        { defect: 'near-duplicate', check: 'near-duplicate-content', url: url('/near-dup-2/') },
        { defect: 'json-ld-invalid', check: 'structured-data-invalid', url: url('/bad-json-ld/') },
        { defect: 'json-ld-incomplete', check: 'structured-data-incomplete', url: url('/incomplete-json-ld/') },
        { defect: 'no-open-graph', check: 'og-missing', url: url('/no-og/') },
        { defect: 'no-twitter-card', check: 'twitter-card-missing', url: url('/no-twitter/') },
        { defect: 'short-description', check: 'description-short', url: url('/short-description/') },
        { defect: 'long-h1', check: 'h1-long', url: url('/long-h1/') },
        { defect: 'no-https-redirect', check: 'no-https-redirect', url: `http://127.0.0.1:${port}/` },
        { defect: 'certificate-expiring', check: 'certificate-expiring', url: origin },
        { defect: 'uncompressed-css', check: 'resource-uncompressed', url: url('/heavy-css/') },
        { defect: 'uncached-script', check: 'resource-uncached', url: url('/uncached-script/') },
        { defect: 'sitemap-disallowed', check: 'sitemap-blocked', url: url('/private/listed/') },
        { defect: 'hreflang-to-noindex', check: 'hreflang-to-noindex', url: url('/hreflang-a/') },
        { defect: 'hreflang-to-non-canonical', check: 'hreflang-to-non-canonical', url: url('/hreflang-b/') },
      ];
      for (const planted of PLANTED)
        all.push({
          defect: planted.defect ?? planted.check,
          check: planted.check,
          url: planted.flagged?.() ?? url(planted.path),
        });
      // Mixed content and the HTTPS checks exist only on an https site.
      const httpsOnly = new Set([
        'mixed-content',
        'no-https-redirect',
        'certificate-expiring',
        'http-link-on-https',
        'no-hsts',
        'form-over-http',
      ]);
      return all.filter((e) => has(e.defect) && (tls || !httpsOnly.has(e.check)));
    },
    close: async () => {
      await external.close();
      await new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpsServer?.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
