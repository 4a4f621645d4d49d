/**
 * One crawler of the audit benchmark, run in a process of its own so its peak RSS is its own:
 * `tsx tests/bench/audit-crawlers.ts <audit|bare|linkinator> <origin> <pages> [seconds]`.
 * Prints one JSON line with pages, seconds and peak RSS; linkinator, which the bench stops after a
 * while (it would take minutes), prints progress lines ("progress <pages> <seconds> <rss>") instead.
 */
import { Parser } from 'htmlparser2';
import { Agent, request } from 'undici';
import { auditSettingsSchema } from '../../shared/schemas/audit-settings';
import { analyseCrawl } from '../../functions/core/audit/report/audit-analysis';
import { bucketPageSink, readPageRecords } from '../../functions/core/audit/audit-objects';
import { crawlBatch } from '../../functions/core/audit/crawl/crawler';
import { CrawlState } from '../../functions/core/audit/crawl/crawl-state';

const [which = 'audit', origin = '', pagesArg = '10000', secondsArg = '600'] = process.argv.slice(2);
const expected = Number(pagesArg);
const CONCURRENCY = 32;

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
const started = performance.now();
const report = (pages: number, extra: Record<string, unknown> = {}) => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  console.log(
    JSON.stringify({
      which,
      pages,
      seconds: (performance.now() - started) / 1000,
      peakRssMb: Math.round(peakRss / 2 ** 20),
      ...extra,
    }),
  );
};

/** Our audit with every check on: crawl, page data streamed to the bucket, then the site checks and score. */
async function audit() {
  const state = new CrawlState();
  const settings = {
    // BENCH_MAX_PAGES crawls part of a larger site (the state's bound); by default all of it.
    ...auditSettingsSchema.parse({ maxPages: Number(process.env.BENCH_MAX_PAGES) || expected + 10, maxDepth: 100 }),
    concurrency: CONCURRENCY,
    requestsPerSecond: 0,
  };
  const sink = bucketPageSink(1, 'bench', 0);
  await crawlBatch(state, {
    startUrl: `${origin}/`,
    settings,
    sink,
    deadline: performance.now() + Number(secondsArg) * 1000,
    onProgress: async (s) => console.log(`progress ${s.counters.pages}`),
  });
  const crawled = performance.now();
  const crawlPeakRssMb = Math.round(Math.max(peakRss, process.memoryUsage().rss) / 2 ** 20);
  const heapAfterCrawlMb = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
  const analysis = await analyseCrawl(state, readPageRecords(1, 'bench', state.counters.chunks), {
    startUrl: `${origin}/`,
    maxRedirects: 5,
  });
  let found = 0;
  const missed: Record<string, number> = {};
  for (let id = 0; id < state.size; id++) {
    if (!/\/p\/\d+$/.test(state.urlOf(id))) continue;
    if (state.status(id) === 200) found++;
    else missed[state.status(id)] = (missed[state.status(id)] ?? 0) + 1;
  }
  const crawlSeconds = (crawled - started) / 1000;
  report(found, {
    crawlSeconds,
    // The cursor saved between batches, as saveCrawlState would write it.
    crawlPeakRssMb,
    heapAfterCrawlMb,
    stateMb: Number((Buffer.byteLength(JSON.stringify(state)) / 2 ** 20).toFixed(2)),
    urlsKept: state.size,
    score: analysis.score,
    chunks: state.counters.chunks,
    missed,
    fetched: state.counters.pages,
  });
}

/** The ceiling: undici 7 keep-alive pool and htmlparser2, links only, nothing stored. */
async function bare() {
  const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 30_000 });
  const seen = new Set<string>([`${origin}/p/0`]);
  const queue = [`${origin}/p/0`];
  let head = 0;
  let ok = 0;
  let inFlight = 0;
  let wake: (() => void) | undefined;
  const worker = async () => {
    for (;;) {
      const url = queue[head];
      if (url === undefined) {
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
      head++;
      inFlight++;
      try {
        const res = await request(url, { dispatcher: agent });
        if (res.statusCode === 200) ok++;
        const base = new URL(url);
        const parser = new Parser({
          onopentag(name, attrs) {
            if (name !== 'a' || !attrs.href) return;
            const target = new URL(attrs.href, base);
            target.hash = '';
            if (target.origin === base.origin && !seen.has(target.href)) {
              seen.add(target.href);
              queue.push(target.href);
            }
          },
        });
        for await (const chunk of res.body) parser.write((chunk as Buffer).toString());
        parser.end();
      } finally {
        inFlight--;
        const w = wake;
        wake = undefined;
        w?.();
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await agent.close();
  report(ok);
}

/** linkinator 7.6.1, recursing over the site at the same concurrency. */
async function linkinator() {
  const { LinkChecker } = await import('linkinator');
  const checker = new LinkChecker();
  const pages = new Set<string>();
  checker.on('link', (link: { url: string; status?: number }) => {
    if (link.status === 200 && /\/p\/\d+$/.test(link.url) && !pages.has(link.url)) {
      pages.add(link.url);
      if (pages.size % 100 === 0)
        console.log(`progress ${pages.size} ${(performance.now() - started) / 1000} ${process.memoryUsage().rss}`);
    }
  });
  setTimeout(
    () => {
      report(pages.size, { partial: true });
      process.exit(0);
    },
    Number(secondsArg) * 1000,
  ).unref();
  await checker.check({ path: `${origin}/`, recurse: true, concurrency: CONCURRENCY, timeout: 15_000 });
  report(pages.size);
}

await (which === 'audit' ? audit() : which === 'bare' ? bare() : linkinator());
clearInterval(sampler);
process.exit(0);
