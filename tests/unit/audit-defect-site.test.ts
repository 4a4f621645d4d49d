import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { SEO_CHECKS, seoCheck, type SeoCheckId } from '@shared/seo-checks';
import { analyseCrawl, type AuditAnalysis } from '../../functions/core/audit/report/audit-analysis';
import { memoryPageSink } from '../../functions/core/audit/audit-objects';
import { crawlBatch } from '../../functions/core/audit/crawl/crawler';
import { CrawlState } from '../../functions/core/audit/crawl/crawl-state';
import { serveTestSite, type TestSite, V1_DEFECTS } from '../support/test-site';

let site: TestSite;
let twin: TestSite;
/** The clean pages without robots.txt or a sitemap, over plain http: what the planted site cannot also be. */
let bare: TestSite;

beforeAll(async () => {
  site = await serveTestSite({ https: true, slowDefects: true });
  twin = await serveTestSite({ https: true, clean: true });
  bare = await serveTestSite({ bare: true });
  process.env.FETCH_ALLOW = [site, twin, bare]
    .flatMap((s) => [new URL(s.origin).host, new URL(s.externalOrigin).host])
    .join(',');
});
afterAll(async () => {
  await site.close();
  await twin.close();
  await bare.close();
  delete process.env.FETCH_ALLOW;
});

const settings = auditSettingsSchema.parse({ concurrency: 8, requestsPerSecond: 500 });

/** Crawls the site in batches of `batchMs` (the saved state round-trips through JSON between them), then analyses it. */
async function audit(batchMs = 60_000, of: TestSite = site): Promise<{ analysis: AuditAnalysis; batches: number }> {
  const site = of;
  let state = new CrawlState();
  const sink = memoryPageSink();
  for (;;) {
    const outcome = await crawlBatch(state, {
      startUrl: site.url('/'),
      settings,
      sink,
      deadline: performance.now() + batchMs,
      // Short enough that the page planted to never answer costs the test seconds, long
      // enough for the page planted to take over 3 s in all.
      timeoutMs: 5000,
      agent: { tls: { ca: site.ca } },
    });
    if (outcome.done) break;
    state = CrawlState.fromJSON(JSON.stringify(state));
  }
  async function* records() {
    yield* sink.records;
  }
  return {
    analysis: await analyseCrawl(state, records(), { startUrl: site.url('/'), maxRedirects: settings.maxRedirects }),
    batches: state.counters.batches,
  };
}

const flagged = (analysis: AuditAnalysis, check: string) => analysis.affected.get(check as SeoCheckId) ?? [];

/**
 * What planted pages raise besides the check each was planted for, page by page: the second
 * page of each duplicate pair, the 404s broken references lead to, the alternate that is
 * noindex, files served uncompressed so that they count as large, the link to localhost that
 * nothing answers, the soft 404's short title, the sitemap's disallowed page.
 */
const SIDE_EFFECTS = [
  'blocked-by-robots /private/listed/',
  'broken-external-link /localhost-link/',
  'http-link-on-https /localhost-link/',
  'description-duplicate /dup-desc-2/',
  'duplicate-content /dup-content-2/',
  'http-4xx /gone-alternate/',
  'http-4xx /gone-away/',
  'http-4xx /gone-canonical/',
  'http-4xx /sitemap-missing/',
  'noindex /hreflang-noindex/',
  'resource-uncompressed /big-css/',
  'resource-uncompressed /big-script/',
  'title-short /soft-404/',
];
/** Checks the planting raises on many pages by design: each defect page is linked from /defects/ alone, and each redirect is one. */
const EVERYWHERE = new Set(['single-inlink', 'redirect', 'redirect-permanent', 'redirect-temporary', 'redirect-share']);

describe('the audit of a site with planted defects', () => {
  let first: AuditAnalysis;
  let ofBare: AuditAnalysis;

  beforeAll(async () => {
    site.setVersion(1);
    [first, ofBare] = (await Promise.all([audit(), audit(60_000, bare)])).map((a) => a.analysis) as [
      AuditAnalysis,
      AuditAnalysis,
    ];
  }, 60_000);

  it('plants a case of every check in the catalogue, and the audit finds each', () => {
    const planted = new Set([...site.expectations(), ...bare.expectations()].map((e) => e.check));
    const found = new Set([...first.affected.keys(), ...ofBare.affected.keys()]);
    const ids = SEO_CHECKS.map((check) => check.id);
    expect(ids.filter((id) => !planted.has(id))).toEqual([]);
    expect(ids.filter((id) => !found.has(id))).toEqual([]);
  });

  it('finds the site-wide defects of a site without robots.txt or a sitemap, served over http', () => {
    const missed = bare.expectations().filter((e) => !flagged(ofBare, e.check).includes(e.url));
    expect(missed).toEqual([]);
  });

  it(`finds every one of the ${V1_DEFECTS.length} kinds of defect on the page it is planted on`, () => {
    const expectations = site.expectations();
    expect(new Set(expectations.map((e) => e.defect)).size).toBeGreaterThanOrEqual(20);
    const missed = expectations.filter((e) => !flagged(first, e.check).includes(e.url));
    expect(missed).toEqual([]);
  });

  it('raises nothing on this site but the planted cases and their known side effects, page by page', () => {
    const planted = new Set(site.expectations().map((e) => `${e.check} ${e.url}`));
    const known = new Set(SIDE_EFFECTS.map((e) => e.replace(' /', ` ${site.origin}/`)));
    const unexplained = [...first.affected]
      .filter(([check]) => !EVERYWHERE.has(check))
      .flatMap(([check, urls]) => urls.map((url) => `${check} ${url}`))
      .filter((flag) => !planted.has(flag) && !known.has(flag));
    expect(unexplained).toEqual([]);
  });

  it('does not flag the look-alikes planted beside the defects (same-page links, a page opening with an h3)', () => {
    const wrongly = site.notExpected().filter((e) => flagged(first, e.check).includes(e.url));
    expect(wrongly).toEqual([]);
  });

  it('attributes a link that redirects into a 404 to the page holding it, with the link itself', () => {
    const entry = first.entries.get('broken-internal-link')?.find((e) => e.url === site.url('/links-to-moved/'));
    expect(entry?.targets).toEqual([site.url('/moved-away/')]);
    const external = first.entries.get('broken-external-link')?.find((e) => e.url === site.url('/external-links/'));
    expect(external?.targets).toEqual([`${site.externalOrigin}/gone/`]);
    const titles = first.entries.get('title-duplicate')?.map((e) => e.group);
    expect(titles).toEqual([
      "Rosa's Bakery: the same title on two pages",
      "Rosa's Bakery: the same title on two pages",
    ]);
  });

  it('flags nothing on the clean pages', () => {
    const clean = new Set(site.cleanUrls());
    const onClean = [...first.affected].flatMap(([check, urls]) =>
      urls.filter((url) => clean.has(url)).map((url) => `${check} ${url}`),
    );
    expect(onClean).toEqual([]);
  });

  it('counts issues by severity and scores the site between 0 and 100', () => {
    const errors = Object.entries(first.checks)
      .filter(([, outcome]) => outcome.severity === 'error')
      .reduce((sum, [, outcome]) => sum + outcome.count, 0);
    expect(first.totals.errors).toBe(errors);
    expect(first.totals.errors).toBeGreaterThan(0);
    expect(first.totals.warnings).toBeGreaterThan(0);
    expect(first.score).toBeGreaterThan(0);
    expect(first.score).toBeLessThan(100);
    expect(first.firstPageError).toBeUndefined();
  });

  it('never fetches what robots.txt disallows', () => {
    expect(site.hits).not.toContain('/private/page/');
  });

  it('finds the same issues when the crawl is cut into many small batches with the cursor saved between them', async () => {
    site.setVersion(1);
    const { analysis, batches } = await audit(5);
    expect(batches).toBeGreaterThan(3);
    const summary = (a: AuditAnalysis) =>
      Object.fromEntries([...a.affected].map(([check, urls]) => [check, [...urls].sort()]).sort());
    expect(summary(analysis)).toEqual(summary(first));
  }, 60_000);

  it('finds nothing on the clean twin of the site, and scores it 100', async () => {
    const { analysis } = await audit(60_000, twin);
    expect(Object.fromEntries(analysis.affected)).toEqual({});
    expect(analysis.score).toBe(100);
    expect(analysis.pages).toBe(twin.cleanUrls().length);
  }, 60_000);

  it('severities come from the catalogue', () => {
    expect(first.checks['http-4xx'].severity).toBe(seoCheck('http-4xx').severity);
  });
});
