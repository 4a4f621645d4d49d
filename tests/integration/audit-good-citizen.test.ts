import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeoReport, SiteOwnership } from '@shared/schemas/seo';
import { signedInUser, type TestClient } from '../support/api-client';
import { serveSite, type LoopbackSite } from '../support/loopback-site';

/**
 * The crawler cannot be turned on someone else's site. Any company may name any website, so
 * for a site it has not proven it owns, an audit obeys robots.txt as addressed to our crawler,
 * says who it is, and asks slowly, whatever its settings ask for; audits of one host by several
 * companies take turns; a proven owner gets the settings they chose.
 */
const PAGES = 12;
const PAGE_MS = 60;
const ROBOTS = [
  'User-agent: MarketingAutomationAudit',
  'Disallow: /private/',
  '',
  'User-agent: Googlebot',
  'Allow: /',
].join('\n');

let site: LoopbackSite;
/** Per request: path, user agent, arrival time. */
const log: { path: string; ua: string; at: number }[] = [];
let inFlight = 0;
let maxInFlight = 0;
/** What the verification file at the site's root holds, when the owner has put one there. */
let proofFile: { path: string; body: string } | undefined;

const page = (n: number) =>
  `<!doctype html><html lang="en"><head><title>Harbour bakery page ${n} with its own title</title></head><body><h1>Page ${n}</h1>${Array.from({ length: PAGES }, (_, i) => `<a href="/p${i}">Bread ${i}</a>`).join(' ')} <a href="/private/">Staff</a></body></html>`;

beforeAll(async () => {
  site = await serveSite((req, res) => {
    const path = req.url ?? '/';
    log.push({ path, ua: String(req.headers['user-agent']), at: Date.now() });
    if (path === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS);
    if (proofFile && path === proofFile.path) return void res.writeHead(200).end(proofFile.body);
    if (path === '/sitemap.xml' || path.endsWith('.txt')) return void res.writeHead(404).end();
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(Number(path.slice(2)) || 0));
    }, PAGE_MS);
  });
});
afterAll(() => site.close());

const report = async (client: TestClient): Promise<SeoReport> => (await client.get('/api/seo/report')).body;
const ended = (body: SeoReport) => !!body.audit && !['running', 'stopping'].includes(body.audit.status);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`never happened: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A company auditing the loopback site with settings that ask for everything. */
async function greedyCompany(label: string) {
  const { client } = await signedInUser(label);
  expect((await client.patch('/api/company/company', { website: site.origin })).status).toBe(200);
  const settings = await client.put('/api/seo/audit/settings', {
    requestsPerSecond: 500,
    concurrency: 64,
    followRobots: false,
    userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)',
  });
  expect(settings.status).toBe(200);
  return client;
}

describe('an audit of a site the company has not proven it owns', () => {
  let first: TestClient;
  let second: TestClient;
  let third: TestClient;
  let requestsFrom = 0;

  beforeAll(async () => {
    [first, second, third] = await Promise.all([
      greedyCompany('citizen-a'),
      greedyCompany('citizen-b'),
      greedyCompany('citizen-c'),
    ]);
    requestsFrom = log.length;
    maxInFlight = 0;
  }, 60_000);

  it('three companies naming the same site get one audit at a time: the others wait their turn', async () => {
    // The first visit to the report starts each company's first audit.
    for (const client of [first, second, third]) expect((await report(client)).audit?.status).toBe('running');
    let crawlingAtOnce = 0;
    const done = await until(
      () => Promise.all([first, second, third].map(report)),
      (reports) => {
        const crawling = reports.filter((r) => r.audit?.status === 'running' && r.audit.progress.pages > 0);
        crawlingAtOnce = Math.max(crawlingAtOnce, crawling.length);
        return reports.every(ended);
      },
      120_000,
    );
    expect(done.map((r) => r.audit?.status)).toEqual(['finished', 'finished', 'finished']);
    // The home page and its twelve, and the blocked page, reported as found but not fetched.
    for (const r of done) expect(r.pages_crawled).toBeGreaterThanOrEqual(PAGES + 1);
    expect(crawlingAtOnce).toBe(1);
  }, 150_000);

  it('says who it is, whatever user agent the settings name', () => {
    const requests = log.slice(requestsFrom);
    expect(requests.length).toBeGreaterThan(0);
    for (const { ua } of requests) {
      expect(ua).toMatch(/MarketingAutomationAudit\/1\.0; \+http.*\/audit-bot/);
      expect(ua).not.toMatch(/Googlebot/);
    }
  });

  it('obeys robots.txt as addressed to our crawler, though the settings say not to', () => {
    expect(log.slice(requestsFrom).map((r) => r.path)).not.toContain('/private/');
  });

  it('asks no faster than the polite limits (5 a second, 4 at once), not the 500 the settings ask', () => {
    const pages = log.slice(requestsFrom).filter((r) => /^\/(p\d+)?$/.test(r.path));
    // Each audit asks for each page once; a page whose answer took over 800 ms (a loaded machine)
    // is asked for once more, to time it again before it is called slow.
    const asks = new Map<string, number[]>();
    for (const p of pages) asks.set(p.path, [...(asks.get(p.path) ?? []), p.at]);
    expect(asks.size).toBe(PAGES + 1);
    for (const [path, times] of asks) expect(times.length, path).toBeGreaterThanOrEqual(3);
    for (const [path, times] of asks) expect(times.length, path).toBeLessThanOrEqual(6);
    // 5 a second, sent 200 ms apart, the hand-over from one audit to the next included. Counted
    // over 3 s: the site (in this test's process) notes arrivals when its event loop gets to them,
    // so on a loaded machine requests sent 200 ms apart can be noted a few at once; a delay moves
    // an arrival later, never adds one, so over a longer window it costs a request or two, while
    // a crawler asking faster than 5 a second would overrun it at once.
    for (let i = 0; i < pages.length; i++) {
      const inWindow = pages.filter((p) => p.at >= pages[i]!.at && p.at < pages[i]!.at + 3000).length;
      expect(inWindow).toBeLessThanOrEqual(3 * 5 + 2);
    }
    expect(maxInFlight).toBeLessThanOrEqual(4);
  });
});

describe('proving the site is yours', () => {
  it('refuses without a proof, then accepts the file at the site root: the next audit runs as set', async () => {
    const client = await greedyCompany('citizen-owner');
    const before = (await client.get('/api/seo/site-ownership')).body as SiteOwnership;
    expect(before).toMatchObject({ host: new URL(site.origin).host, verified: false });
    expect(before.metaTag).toContain(before.fileContent);

    const refused = await client.post('/api/seo/site-ownership/verify');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/could not find your verification file or meta tag/);

    // Another company's token proves nothing for this one.
    proofFile = { path: new URL(before.fileUrl).pathname, body: 'not-the-token' };
    expect((await client.post('/api/seo/site-ownership/verify')).status).toBe(422);

    proofFile = { path: new URL(before.fileUrl).pathname, body: `${before.fileContent}\n` };
    const proven = await client.post('/api/seo/site-ownership/verify');
    expect(proven.status).toBe(200);
    expect(proven.body).toMatchObject({ verified: true, method: 'file' });

    const from = log.length;
    expect((await report(client)).audit?.status).toBe('running');
    const done = await until(() => report(client), ended);
    expect(done.audit?.status).toBe('finished');
    const requests = log.slice(from);
    // The owner's own choices: robots.txt ignored, their user agent.
    expect(requests.map((r) => r.path)).toContain('/private/');
    expect(requests.filter((r) => r.path !== proofFile?.path).every((r) => r.ua.startsWith('Googlebot/2.1'))).toBe(
      true,
    );
  }, 120_000);
});
