import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { memoryPageSink } from '../../functions/core/audit/audit-objects';
import { crawlBatch } from '../../functions/core/audit/crawl/crawler';
import { CrawlState } from '../../functions/core/audit/crawl/crawl-state';
import { serveCrawlableSite } from '../support/crawlable-site';

/**
 * A site without end: every page links to 30 pages no one has seen, 10 images of its own and
 * 20 other websites. The crawl keeps what it will fetch (maxPages pages, as many resources, as
 * many links to other sites to check) and nothing else, so its saved state is as small for this site as for one of maxPages pages.
 */
const MAX_PAGES = 300;
let site: Awaited<ReturnType<typeof serveCrawlableSite>>;
let origin: string;

beforeAll(async () => {
  site = await serveCrawlableSite((req, res) => {
    const path = req.url ?? '/';
    if (!path.startsWith('/p') && path !== '/') return void res.writeHead(path.startsWith('/img') ? 200 : 404).end();
    const n = Number(path.slice(2)) || 0;
    const links = Array.from({ length: 30 }, (_, k) => `<a href="/p${n * 30 + k + 1}">Next ${k}</a>`);
    const images = Array.from({ length: 10 }, (_, k) => `<img src="/img/${n}-${k}.png" alt="Loaf ${k}">`);
    // Other sites by documentation addresses: refused at once, with no DNS to wait for.
    const outbound = Array.from({ length: 20 }, (_, k) => `<a href="https://203.0.113.${k}/friend-${n}/">Friend</a>`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>Endless bakery page ${n}</title></head><body>${links.join('')}${images.join('')}${outbound.join('')}</body></html>`,
    );
  });
  origin = site.origin;
});
afterAll(() => site.close());

describe('the crawl state of a site with more links than the audit may fetch', () => {
  it('holds maxPages pages and as many resources, never the links it will not follow', async () => {
    let state = new CrawlState();
    const sink = memoryPageSink();
    const settings = auditSettingsSchema.parse({
      maxPages: MAX_PAGES,
      maxDepth: 100,
      concurrency: 8,
      requestsPerSecond: 500,
    });
    const sizes: number[] = [];
    for (let batch = 0; batch < 50; batch++) {
      const outcome = await crawlBatch(state, {
        startUrl: `${origin}/`,
        settings,
        sink,
        deadline: performance.now() + 300,
      });
      const json = JSON.stringify(state);
      sizes.push(json.length);
      if (outcome.done) break;
      state = CrawlState.fromJSON(json);
    }
    expect(sink.records.filter((r) => r.url.includes('/p') || r.url.endsWith('/'))).toHaveLength(MAX_PAGES);
    // Met: 300 pages × (30 links + 10 images + 20 other sites) = 18,000 URLs. Kept: what was fetched.
    expect(state.size).toBeLessThanOrEqual(3 * MAX_PAGES);
    expect(state.counters.queuedExternals).toBe(MAX_PAGES);
    expect(state.counters.pages).toBe(MAX_PAGES);
    expect(state.counters.resources).toBe(MAX_PAGES);
    // About 150 bytes a kept URL, whatever the site links to.
    expect(Math.max(...sizes)).toBeLessThan(3 * MAX_PAGES * 150);
  }, 60_000);
});
