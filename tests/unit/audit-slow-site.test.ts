import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { memoryPageSink } from '../../functions/core/audit/audit-objects';
import { crawlBatch } from '../../functions/core/audit/crawl/crawler';
import { CrawlState } from '../../functions/core/audit/crawl/crawl-state';
import { serveCrawlableSite } from '../support/crawlable-site';

/**
 * A site whose every page answers in 1 s, crawled in short batches the way the site-audit
 * workflow runs them (the cursor saved as JSON between batches): the slow pages are fetched
 * once (only a small sample twice, to tell a slow site from a busy crawler), never faster
 * than the configured rate, and every batch ends near its deadline with its position saved.
 */
const PAGES = 24;
const ANSWER_MS = 1000;
const RATE = 4;
const BATCH_MS = 2500;

let site: Awaited<ReturnType<typeof serveCrawlableSite>>;
let origin: string;
/** Every request the site received: its path and when it arrived. */
const hits: { path: string; at: number }[] = [];
/** Requests whose connection closed before the site answered. */
let cut = 0;

const page = (n: number) => {
  const links = Array.from({ length: PAGES }, (_, i) => `<a href="/p${i}">Page ${i}</a>`).join(' ');
  return `<!doctype html><html lang="en"><head><title>Slow page ${n} of a slow bakery site</title></head><body><h1>Page ${n}</h1><p>${'Fresh bread every morning. '.repeat(30)}</p>${links}</body></html>`;
};

beforeAll(async () => {
  site = await serveCrawlableSite((req, res) => {
    const path = req.url ?? '/';
    hits.push({ path, at: performance.now() });
    if (path === '/robots.txt' || path === '/sitemap.xml') {
      res.writeHead(404).end();
      return;
    }
    const timer = setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page(Number(path.slice(2)) || 0));
    }, ANSWER_MS);
    res.on('close', () => {
      if (!res.writableEnded) {
        cut++;
        clearTimeout(timer);
      }
    });
  });
  origin = site.origin;
});
afterAll(() => site.close());

const settings = auditSettingsSchema.parse({ concurrency: 8, requestsPerSecond: RATE });
const pageHits = () => hits.filter((h) => h.path === '/' || /^\/p\d+$/.test(h.path));

describe('an audit of a site whose pages answer in 1 s', () => {
  const overruns: number[] = [];
  const sink = memoryPageSink();
  let state = new CrawlState();
  let batches = 0;

  beforeAll(async () => {
    for (;;) {
      const deadline = performance.now() + BATCH_MS;
      const outcome = await crawlBatch(state, { startUrl: `${origin}/`, settings, sink, deadline });
      overruns.push(performance.now() - deadline);
      batches++;
      if (outcome.done) break;
      if (batches > 40) throw new Error('the crawl never finished');
      state = CrawlState.fromJSON(JSON.stringify(state));
    }
  }, 120_000);

  it('finishes, every page recorded once and called slow', () => {
    const urls = sink.records.map((r) => r.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toHaveLength(PAGES + 1);
    for (const record of sink.records) expect(record.issues).toContain('slow-response');
    expect(batches).toBeGreaterThan(1);
  });

  it('fetches each page once; only a small sample is timed a second time', () => {
    const byPath = new Map<string, number>();
    for (const hit of pageHits()) byPath.set(hit.path, (byPath.get(hit.path) ?? 0) + 1);
    expect(Math.max(...byPath.values())).toBeLessThanOrEqual(2);
    // The sample: five confirmations settle that the site, not the crawl, is slow.
    expect(pageHits().length).toBeLessThanOrEqual(PAGES + 1 + 5);
  });

  it('never asks faster than the configured rate', () => {
    const times = pageHits().map((h) => h.at);
    // In any second, at most the rate (plus one at a batch's boundary, where a new batch's gate starts).
    for (let i = 0; i < times.length; i++) {
      const inWindow = times.filter((t) => t >= times[i]! && t < times[i]! + 1000).length;
      expect(inWindow).toBeLessThanOrEqual(RATE + 1);
    }
  });

  it('ends each batch at its deadline, give or take the requests already in flight', () => {
    // A request in flight at the deadline takes its 1 s; re-checks are work like any other,
    // so no batch runs on for a serial re-fetch of its slow pages.
    for (const overrun of overruns) expect(overrun).toBeLessThan(ANSWER_MS + 4000);
  });
});

describe('a crawl batch whose Task is out of time', () => {
  it('stops at once when its signal aborts, cutting the requests in flight', async () => {
    const controller = new AbortController();
    const state = new CrawlState();
    const cutBefore = cut;
    const crawl = crawlBatch(state, {
      startUrl: `${origin}/`,
      settings,
      sink: memoryPageSink(),
      deadline: performance.now() + 60_000,
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reason = new DOMException('The Task ran out of time.', 'TimeoutError');
    controller.abort(reason);
    const began = performance.now();
    await expect(crawl).rejects.toBe(reason);
    // Well before the 1 s answer of the home page it was waiting for.
    expect(performance.now() - began).toBeLessThan(ANSWER_MS);
    await expect.poll(() => cut).toBeGreaterThan(cutBefore);
  });
});
