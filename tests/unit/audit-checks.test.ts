import { describe, expect, it } from 'vitest';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { messages } from '@shared/messages';
import { SEO_CATEGORIES, SEO_CHECKS, type SeoCheckId } from '@shared/seo-checks';
import { healthBand } from '@shared/seo-health';
import { SEO_THRESHOLDS as T } from '@shared/seo-thresholds';
import { CrawlState, FLAG, STATUS } from '../../functions/core/audit/crawl/crawl-state';
import { PAGE_CHECKS, validHreflang } from '../../functions/core/audit/checks/page-checks';
import { noLinkFacts, type PageFacts } from '../../functions/core/audit/crawl/page-facts';
import { PageParser, parsePage } from '../../functions/core/audit/crawl/page-parser';
import { SiteGraph, SITE_CHECKS, URL_CHECKS } from '../../functions/core/audit/checks/site-checks';
import { parseSitemap } from '../../functions/core/audit/crawl/sitemap';
import { decodeSketch, shingleSketch, similarity } from '../../functions/core/audit/checks/shingles';
import { checkStructuredData } from '../../functions/core/audit/checks/structured-data';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

function cleanHtml(overrides: { title?: string; description?: string; body?: string; head?: string } = {}) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${overrides.title ?? 'A title of a decent length here'}</title>
<meta name="description" content="${overrides.description ?? 'A description of this page that is long enough for search results to show.'}">
<meta property="og:title" content="A title"><meta property="og:type" content="website">
<meta property="og:image" content="https://site.example/a.png"><meta property="og:url" content="https://site.example/page/">
<meta name="twitter:card" content="summary">
<link rel="canonical" href="https://site.example/page/">${overrides.head ?? ''}</head>
<body><h1>Main heading</h1><h2>Section</h2><p>${words(300)}</p><a href="/other/">Other page</a>${overrides.body ?? ''}</body></html>`;
}

function facts(html: string, extra: Partial<PageFacts> = {}): PageFacts {
  const parsed = parsePage(html);
  return {
    url: 'https://site.example/page/',
    https: true,
    bytes: Buffer.byteLength(html),
    ttfbMs: 10,
    loadMs: 20,
    xRobotsNoindex: false,
    hsts: true,
    headerCharset: false,
    parsed,
    ...noLinkFacts(),
    internalLinks: ['https://site.example/other/'],
    // What collectLinks counts: links that leave the page ('#' fragments stay on it).
    outlinks: parsed.links.filter((l) => !l.href.startsWith('#')).length,
    canonical: 'https://site.example/page/',
    ...extra,
  };
}

const fails = (id: SeoCheckId, page: PageFacts) => {
  const check = PAGE_CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no page check ${id}`);
  return check.test(page);
};

describe('the check catalogue', () => {
  it('gives every check a known category, a severity, a description and a fix, under a unique id', () => {
    const ids = SEO_CHECKS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const categories = new Set<string>(SEO_CATEGORIES.map((c) => c.id));
    for (const check of SEO_CHECKS) {
      expect(categories.has(check.category), check.id).toBe(true);
      expect(['error', 'warning', 'notice']).toContain(check.severity);
      expect(check.description.length, check.id).toBeGreaterThan(10);
      expect(check.fix.length, check.id).toBeGreaterThan(10);
    }
  });

  it('decides every catalogued check somewhere: page, URL, record or site checks', async () => {
    const { RECORD_CHECKS } = await import('../../functions/core/audit/checks/site-checks');
    const decided = new Set<string>([...PAGE_CHECKS, ...URL_CHECKS, ...RECORD_CHECKS, ...SITE_CHECKS].map((c) => c.id));
    expect(SEO_CHECKS.map((c) => c.id).filter((id) => !decided.has(id))).toEqual([]);
  });
});

describe('page checks at their thresholds (spec 02 §9)', () => {
  it('a clean page fails none of them', () => {
    const page = facts(cleanHtml());
    expect(PAGE_CHECKS.filter((c) => c.test(page)).map((c) => c.id)).toEqual([]);
  });

  it.each([
    ['title-short', T.titleMin - 1, true],
    ['title-short', T.titleMin, false],
    ['title-long', T.titleMax, false],
    ['title-long', T.titleMax + 1, true],
  ] as const)('%s with a %i-character title: %s', (id, length, expected) => {
    expect(fails(id, facts(cleanHtml({ title: 'x'.repeat(length) })))).toBe(expected);
  });

  it.each([
    [T.descriptionMax, false],
    [T.descriptionMax + 1, true],
  ])('description-long at %i characters: %s', (length, expected) => {
    expect(fails('description-long', facts(cleanHtml({ description: 'd'.repeat(length) })))).toBe(expected);
  });

  it('counts words as a visitor reads them: scripts, styles and the head do not count', () => {
    const html = `<html><head><title>t w o</title><style>a b c</style></head><body><p>one two</p><script>x y z</script> three</body></html>`;
    expect(parsePage(html).words).toBe(3);
  });

  it('reads a page the same however the network cuts it, and an entity inside a word stays in it', () => {
    const html = cleanHtml({
      body: '<nav>Home &amp; shop</nav><p>Caf&eacute; au lait, cr&egrave;me br&ucirc;l&eacute;e.</p>',
    });
    const whole = parsePage(html);
    for (const size of [1, 3, 64, 1000]) {
      const parser = new PageParser();
      for (let at = 0; at < html.length; at += size) parser.write(html.slice(at, at + size));
      expect(parser.end()).toEqual(whole);
    }
    // "Café au lait, crème brûlée." is five words, as a reader counts them.
    expect(parsePage('<p>Caf&eacute; au lait, cr&egrave;me br&ucirc;l&eacute;e.</p>').words).toBe(5);
  });

  it.each([
    [T.minWords - 1, true],
    [T.minWords, false],
  ])('low-word-count with %i words: %s', (count, expected) => {
    const html = `<html lang="en"><head><title>x</title></head><body><p>${words(count)}</p></body></html>`;
    expect(fails('low-word-count', facts(html))).toBe(expected);
  });

  it.each([
    [T.maxLinks, false],
    [T.maxLinks + 1, true],
  ])('too-many-links with %i links: %s', (count, expected) => {
    const links = Array.from({ length: count }, () => '<a href="/x/">x</a>').join('');
    expect(fails('too-many-links', facts(`<body>${links}</body>`))).toBe(expected);
  });

  it('low-text-ratio under 10% of the HTML bytes', () => {
    const text = 'a'.repeat(100);
    expect(fails('low-text-ratio', facts(`<p>${text}</p>`, { bytes: 999 }))).toBe(false);
    expect(fails('low-text-ratio', facts(`<p>${text}</p>`, { bytes: 1001 }))).toBe(true);
  });

  it('html-too-large over 3 MB', () => {
    const page = facts(cleanHtml());
    expect(fails('html-too-large', { ...page, bytes: T.maxHtmlBytes })).toBe(false);
    expect(fails('html-too-large', { ...page, bytes: T.maxHtmlBytes + 1 })).toBe(true);
  });

  it.each([
    [T.maxDomNodes, false],
    [T.maxDomNodes + 1, true],
  ])('dom-too-large with %i elements: %s', (count, expected) => {
    expect(fails('dom-too-large', facts('<i></i>'.repeat(count)))).toBe(expected);
  });

  it.each([
    [T.altMax, false],
    [T.altMax + 1, true],
  ])('img-alt-long with %i characters: %s', (length, expected) => {
    expect(fails('img-alt-long', facts(`<img src="/a.png" alt="${'a'.repeat(length)}">`))).toBe(expected);
  });

  it('images: missing alt (alt="" is decoration, not missing) and missing dimensions', () => {
    expect(fails('img-missing-alt', facts('<img src="/a.png" alt="" width="1" height="1">'))).toBe(false);
    expect(fails('img-missing-alt', facts('<img src="/a.png">'))).toBe(true);
    expect(fails('img-no-dimensions', facts('<img src="/a.png" alt="a" width="1">'))).toBe(true);
    expect(fails('picture-without-img', facts('<picture><source srcset="/a.webp"></picture>'))).toBe(true);
    expect(fails('picture-without-img', facts('<picture><img src="/a.png" alt="a"></picture>'))).toBe(false);
  });

  it('headings: missing, several H1, levels out of order', () => {
    expect(fails('h1-missing', facts('<body><h2>x</h2></body>'))).toBe(true);
    expect(fails('h1-multiple', facts('<h1>a</h1><h1>b</h1>'))).toBe(true);
    expect(fails('heading-order', facts('<h1>a</h1><h2>b</h2><h3>c</h3>'))).toBe(false);
    expect(fails('heading-order', facts('<h1>a</h1><h3>c</h3>'))).toBe(true);
    // A page may open at any level: only a skip down from a heading is out of order.
    expect(fails('heading-order', facts('<h3>teaser</h3><h3>teaser</h3><h4>detail</h4>'))).toBe(false);
    expect(fails('heading-order', facts('<h3>teaser</h3><h5>detail</h5>'))).toBe(true);
  });

  it('indexability: noindex, nosnippet, meta refresh and meta tags in the body', () => {
    expect(fails('noindex', facts(cleanHtml({ head: '<meta name="robots" content="noindex, follow">' })))).toBe(true);
    expect(fails('nosnippet', facts(cleanHtml({ head: '<meta name="robots" content="nosnippet">' })))).toBe(true);
    expect(fails('meta-refresh', facts(cleanHtml({ head: '<meta http-equiv="refresh" content="0">' })))).toBe(true);
    expect(fails('meta-in-body', facts(cleanHtml({ body: '<meta name="robots" content="noindex">' })))).toBe(true);
    expect(fails('meta-in-body', facts(cleanHtml()))).toBe(false);
  });

  it('anchors: empty (an image with alt is not empty) and vague', () => {
    const parsed = parsePage(
      '<a href="/a/"></a><a href="/b/"><img src="/x.png" alt="Home"></a><a href="/c/">Click here</a>',
    );
    expect(parsed.links.map((l) => [l.empty, l.vague])).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
  });

  it('duplicate ids, frames, lang, doctype, charset (a Content-Type charset counts) and viewport', () => {
    expect(fails('duplicate-ids', facts('<p id="a"></p><p id="a"></p>'))).toBe(true);
    expect(fails('frames', facts('<iframe src="/x"></iframe>'))).toBe(true);
    expect(fails('no-lang', facts('<html><body></body></html>'))).toBe(true);
    expect(fails('no-doctype', facts('<html lang="en"></html>'))).toBe(true);
    expect(fails('no-charset', facts('<html></html>'))).toBe(true);
    expect(fails('no-charset', facts('<html></html>', { headerCharset: true }))).toBe(false);
    expect(fails('no-viewport', facts('<html></html>'))).toBe(true);
  });

  it('timing: TTFB over 800 ms, load over 3 s', () => {
    const page = facts(cleanHtml());
    expect(fails('slow-response', { ...page, ttfbMs: T.slowResponseMs })).toBe(false);
    expect(fails('slow-response', { ...page, ttfbMs: T.slowResponseMs + 1 })).toBe(true);
    expect(fails('slow-page', { ...page, loadMs: T.slowPageMs + 1 })).toBe(true);
  });

  it('resource counts: over 50 CSS or 30 JS files', () => {
    const page = facts(cleanHtml());
    expect(fails('css-too-many', { ...page, stylesheets: Array<string>(T.maxCssFiles).fill('a') })).toBe(false);
    expect(fails('css-too-many', { ...page, stylesheets: Array<string>(T.maxCssFiles + 1).fill('a') })).toBe(true);
    expect(fails('js-too-many', { ...page, scripts: Array<string>(T.maxJsFiles + 1).fill('a') })).toBe(true);
  });

  it('security: http pages, mixed content, HSTS only on https', () => {
    const page = facts(cleanHtml());
    expect(fails('http-page', { ...page, https: false })).toBe(true);
    expect(fails('no-hsts', { ...page, https: false, hsts: false })).toBe(false);
    expect(fails('no-hsts', { ...page, hsts: false })).toBe(true);
  });

  it('hreflang codes: language, script and region as ISO codes, x-default', () => {
    expect(['en', 'en-GB', 'zh-Hant', 'es-419', 'x-default', 'pt-br'].every(validHreflang)).toBe(true);
    expect(['en-UK', 'english', 'e', 'en_GB', 'en-GBR'].some(validHreflang)).toBe(false);
  });
});

/** A small crawl state: home links to /a/ (depth given), which may redirect. */
function graphOf(setup: (state: CrawlState, add: (path: string, status: number, flags?: number) => number) => void) {
  const state = new CrawlState();
  const add = (path: string, status: number, flags = 0) => {
    const { id } = state.intern(`https://site.example${path}`);
    state.setStatus(id, status);
    state.flag(id, FLAG.fetched | (status === 200 ? FLAG.html : 0) | flags);
    return id;
  };
  setup(state, add);
  return new SiteGraph(state, 5);
}

const urlFails = (id: SeoCheckId, graph: SiteGraph, url: number) => {
  const check = URL_CHECKS.find((c) => c.id === id);
  if (!check) throw new Error(`no URL check ${id}`);
  return check.test(graph, url);
};

describe('site-graph checks', () => {
  it('click depth over 3 is deep', () => {
    let three = 0;
    let four = 0;
    const graph = graphOf((state, add) => {
      three = add('/3/', 200);
      four = add('/4/', 200);
      state.setDepth(three, T.maxClickDepth);
      state.setDepth(four, T.maxClickDepth + 1);
    });
    expect(urlFails('deep-page', graph, three)).toBe(false);
    expect(urlFails('deep-page', graph, four)).toBe(true);
  });

  it('redirects: one hop, a chain, a loop', () => {
    const ids: Record<string, number> = {};
    const graph = graphOf((state, add) => {
      for (const [path, status] of [
        ['/one/', 301],
        ['/end/', 200],
        ['/c1/', 301],
        ['/c2/', 302],
        ['/l1/', 302],
        ['/l2/', 302],
      ] as const)
        ids[path] = add(path, status);
      state.setRedirectTo(ids['/one/']!, ids['/end/']!);
      state.setRedirectTo(ids['/c1/']!, ids['/c2/']!);
      state.setRedirectTo(ids['/c2/']!, ids['/end/']!);
      state.setRedirectTo(ids['/l1/']!, ids['/l2/']!);
      state.setRedirectTo(ids['/l2/']!, ids['/l1/']!);
    });
    expect(graph.redirectKind(ids['/one/']!)).toBe('single');
    expect(graph.redirectKind(ids['/c1/']!)).toBe('chain');
    expect(graph.redirectKind(ids['/c2/']!)).toBe('single');
    expect(graph.redirectKind(ids['/l1/']!)).toBe('loop');
    expect(urlFails('redirect-temporary', graph, ids['/c2/']!)).toBe(true);
    expect(urlFails('redirect-permanent', graph, ids['/one/']!)).toBe(true);
  });

  it('orphans are sitemap pages with no inlink; one inlink is a notice', () => {
    let orphan = 0;
    let once = 0;
    const graph = graphOf((state, add) => {
      add('/', 200, FLAG.start);
      orphan = add('/orphan/', 200, FLAG.inSitemap);
      once = add('/once/', 200);
      state.addInlink(once);
    });
    expect(urlFails('orphan', graph, orphan)).toBe(true);
    expect(urlFails('single-inlink', graph, once)).toBe(true);
    expect(urlFails('orphan', graph, once)).toBe(false);
  });

  it('duplicates count only among indexable pages', () => {
    let a = 0;
    let b = 0;
    let c = 0;
    const graph = graphOf((state, add) => {
      a = add('/a/', 200);
      b = add('/b/', 200);
      c = add('/c/', 200, FLAG.noindex);
      for (const id of [a, b, c]) state.titleHash[id] = 'same';
      state.titleHash[c] = 'same';
    });
    expect(urlFails('title-duplicate', graph, a)).toBe(true);
    expect(urlFails('title-duplicate', graph, b)).toBe(true);
    expect(urlFails('title-duplicate', graph, c)).toBe(false);
  });

  it('URL shape: lengths at 200 and 2000, underscores, double slashes, more than 4 parameters', () => {
    const ids: number[] = [];
    const graph = graphOf((_, add) => {
      const base = 'https://site.example'.length;
      ids.push(add(`/${'a'.repeat(T.urlMaxNotice - base - 1)}`, 200));
      ids.push(add(`/${'a'.repeat(T.urlMaxNotice - base)}`, 200));
      ids.push(add(`/${'a'.repeat(T.urlMaxError - base)}`, 200));
      ids.push(add('/my_page/', 200));
      ids.push(add('/a//b/', 200));
      ids.push(add('/p?a=1&b=2&c=3&d=4', 200));
      ids.push(add('/p?a=1&b=2&c=3&d=4&e=5', 200));
    });
    const [at200, over200, over2000, underscore, doubleSlash, four, five] = ids as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    expect(urlFails('url-long', graph, at200)).toBe(false);
    expect(urlFails('url-long', graph, over200)).toBe(true);
    expect(urlFails('url-too-long', graph, over2000)).toBe(true);
    expect(urlFails('url-long', graph, over2000)).toBe(false);
    expect(urlFails('url-underscores', graph, underscore)).toBe(true);
    expect(urlFails('url-bad-characters', graph, doubleSlash)).toBe(true);
    expect(urlFails('url-many-params', graph, four)).toBe(false);
    expect(urlFails('url-many-params', graph, five)).toBe(true);
  });

  it('redirect share: over 5% warns, over 10% is an error', () => {
    const share = SITE_CHECKS.find((c) => c.id === 'redirect-share');
    const site = (redirects: number, pages: number) =>
      graphOf((_, add) => {
        for (let i = 0; i < pages; i++) add(`/${i}/`, i < redirects ? 301 : 200);
      });
    const start = new URL('https://site.example/');
    expect(share?.test(site(5, 100), start)).toBeUndefined();
    expect(share?.test(site(6, 100), start)).toHaveLength(6);
    expect(share?.severity?.(site(6, 100))).toBe('warning');
    expect(share?.severity?.(site(11, 100))).toBe('error');
  });

  it('a failed fetch and a timeout are their own issues', () => {
    let failed = 0;
    let late = 0;
    const graph = graphOf((_, add) => {
      failed = add('/f/', STATUS.failed);
      late = add('/t/', STATUS.timeout);
    });
    expect(urlFails('fetch-failed', graph, failed)).toBe(true);
    expect(urlFails('timeout', graph, late)).toBe(true);
  });
});

describe('near-duplicate text and structured data', () => {
  it('estimates how alike two texts are from their shingle sketches', () => {
    const text = words(400);
    const sketch = (t: string) => decodeSketch(shingleSketch(t) ?? '');
    expect(similarity(sketch(text), sketch(text))).toBe(1);
    expect(similarity(sketch(text), sketch(text.replace('word7 ', 'other ')))).toBeGreaterThanOrEqual(
      T.nearDuplicateSimilarity,
    );
    expect(similarity(sketch(text), sketch(words(400).split(' ').reverse().join(' ')))).toBeLessThan(0.2);
    // Case does not make texts different; too short a text has no sketch.
    expect(similarity(sketch(text), sketch(text.toUpperCase()))).toBe(1);
    expect(shingleSketch(words(20))).toBeUndefined();
  });

  it('finds JSON-LD that does not parse and items without their required properties', () => {
    expect(checkStructuredData(['{"@type": "Organization",'])).toMatchObject({ invalid: true });
    expect(
      checkStructuredData([
        JSON.stringify({ '@context': 'https://schema.org', '@graph': [{ '@type': 'Product', name: 'Loaf' }] }),
      ]).missing,
    ).toEqual(['Product: offers or review or aggregateRating']);
    expect(
      checkStructuredData([
        JSON.stringify({ '@type': 'Event', name: 'Open day', startDate: '2025-05-01', location: 'Bristol' }),
      ]),
    ).toEqual({ blocks: 1, invalid: false, missing: [] });
    const page = facts(cleanHtml({ head: '<script type="application/ld+json">{"@type": "Recipe"}</script>' }));
    expect(fails('structured-data-incomplete', page)).toBe(true);
    expect(fails('structured-data-invalid', page)).toBe(false);
  });

  it('reads Open Graph tags, the Twitter card, description and H1 lengths', () => {
    expect(fails('og-missing', facts(cleanHtml()))).toBe(false);
    expect(fails('og-missing', facts(cleanHtml().replace(/<meta property="og:image"[^>]*>/, '')))).toBe(true);
    expect(fails('twitter-card-missing', facts(cleanHtml().replace(/<meta name="twitter:card"[^>]*>/, '')))).toBe(true);
    expect(fails('description-short', facts(cleanHtml({ description: 'x'.repeat(T.descriptionMin - 1) })))).toBe(true);
    expect(fails('description-short', facts(cleanHtml({ description: 'x'.repeat(T.descriptionMin) })))).toBe(false);
    const h1 = (n: number) => facts(cleanHtml().replace('<h1>Main heading</h1>', `<h1>${'h'.repeat(n)}</h1>`));
    expect(fails('h1-long', h1(T.h1Max))).toBe(false);
    expect(fails('h1-long', h1(T.h1Max + 1))).toBe(true);
  });

  it('a soft 404 is a 200 page that says it was not found', () => {
    expect(fails('soft-404', facts(cleanHtml({ title: 'Page not found | Bakery' })))).toBe(true);
    expect(fails('soft-404', facts(cleanHtml({ title: 'Found: the best loaf in town' })))).toBe(false);
  });

  it('same-page links are not outlinks, so a long table of contents is not "too many links"', () => {
    const toc = Array.from({ length: T.maxLinks + 1 }, (_, i) => `<a href="#s${i}">read more</a>`).join('');
    expect(fails('too-many-links', facts(cleanHtml({ body: toc })))).toBe(false);
  });
});

describe('sitemaps', () => {
  it('reads urlset and sitemapindex locations, namespaced or not', () => {
    expect(parseSitemap('<urlset><url><loc> https://a.example/x </loc></url></urlset>')).toEqual({
      kind: 'urlset',
      locs: ['https://a.example/x'],
    });
    expect(
      parseSitemap(
        '<s:sitemapindex xmlns:s="x"><s:sitemap><s:loc>https://a.example/s.xml</s:loc></s:sitemap></s:sitemapindex>',
      ).kind,
    ).toBe('sitemapindex');
    expect(parseSitemap('<html><body>not a sitemap</body></html>').kind).toBe('unknown');
  });
});

describe('Health Score (spec 02 §9 ranges)', () => {
  it.each([
    [0, 'Poor'],
    [39, 'Poor'],
    [40, 'Mediocre'],
    [69, 'Mediocre'],
    [70, 'Decent'],
    [79, 'Decent'],
    [80, 'Strong'],
    [89, 'Strong'],
    [90, 'Excellent'],
    [100, 'Excellent'],
  ])('%i is %s', (score, band) => {
    expect(healthBand(score)).toBe(band);
  });
});

describe('audit settings', () => {
  it("refuses a prefix that does not start and end with / with the spec's sentence", () => {
    const result = auditSettingsSchema.safeParse({ allowPrefixes: ['/blog'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.auditPrefixInvalid);
    expect(auditSettingsSchema.parse({ disallowPrefixes: ['/private/'] }).disallowPrefixes).toEqual(['/private/']);
  });
});
