import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeoReport } from '@shared/schemas/seo';
import { signedInUser, type TestClient } from '../support/api-client';
import { serveSite, type LoopbackSite } from '../support/loopback-site';

/**
 * JavaScript rendering (audit settings): with it on, the crawler renders pages in headless
 * Chromium and follows the links a script writes; with it off it reads the HTML and never sees
 * them. A rendered page's own requests go through the same fetch policy as the crawler's: the
 * script's calls to a loopback port the runtime was not opened to, and to the cloud metadata
 * address, never leave the browser.
 */

let site: LoopbackSite;
/** A server on a loopback port the runtime may not reach: it must hear nothing. */
let forbidden: Server;
let forbiddenPort = 0;
const forbiddenHits: string[] = [];

const home = (port: number) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Harbour bakery, bread baked at dawn</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
</head><body><h1>Harbour bakery</h1><p>Sourdough and rye from the harbour since 1921.</p>
<nav id="menu"></nav>
<script>
  const link = document.createElement('a');
  link.href = '/script-only-page';
  link.textContent = 'Our seasonal loaves';
  document.getElementById('menu').append(link);
  fetch('http://127.0.0.1:${port}/secret').catch(() => {});
  fetch('http://169.254.169.254/latest/meta-data/').catch(() => {});
  const img = new Image(); img.src = 'http://127.0.0.1:${port}/pixel.gif';
  const frame = document.createElement('iframe'); frame.src = 'http://127.0.0.1:${port}/frame'; document.body.append(frame);
  window.open('http://127.0.0.1:${port}/popup');
  fetch('http://127.0.0.1:${port}/form', { method: 'POST', body: 'x' }).catch(() => {});
  // Last: its arrival shows the lines above ran.
  fetch('/script-ran').catch(() => {});
</script>
</body></html>`;

const scriptOnly = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Seasonal loaves at Harbour bakery</title></head>
<body><h1>Seasonal loaves</h1><p>Pumpkin in autumn, wild garlic in spring.</p><a href="/">Home</a></body></html>`;

beforeAll(async () => {
  forbidden = createServer((req, res) => {
    forbiddenHits.push(req.url ?? '/');
    res.writeHead(200, { 'access-control-allow-origin': '*' }).end('secret');
  });
  await new Promise<void>((resolve) => forbidden.listen(0, '127.0.0.1', resolve));
  forbiddenPort = (forbidden.address() as { port: number }).port;
  site = await serveSite((req, res) => {
    const path = req.url ?? '/';
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(home(forbiddenPort));
    if (path === '/script-only-page') return void res.writeHead(200, { 'content-type': 'text/html' }).end(scriptOnly);
    if (path === '/script-ran') return void res.writeHead(204).end();
    res.writeHead(404).end();
  });
});
afterAll(async () => {
  await site.close();
  forbidden.closeAllConnections();
  await new Promise((resolve) => forbidden.close(resolve));
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`never happened: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A company auditing the site with rendering on or off; its first audit starts on the report's first visit. */
async function auditWith(label: string, renderJavaScript: boolean): Promise<TestClient> {
  const { client } = await signedInUser(label);
  expect((await client.patch('/api/company/company', { website: site.origin })).status).toBe(200);
  const settings = await client.put('/api/seo/audit/settings', { renderJavaScript, device: 'mobile' });
  expect(settings.status).toBe(200);
  expect(settings.body.renderJavaScript).toBe(renderJavaScript);
  const report = async (): Promise<SeoReport> => (await client.get('/api/seo/report')).body;
  const done = await until(report, (r) => !!r.audit && !['running', 'stopping'].includes(r.audit.status));
  expect(done.audit?.status).toBe('finished');
  return client;
}

const crawledUrls = async (client: TestClient): Promise<string[]> =>
  ((await client.get('/api/seo/audits/latest/pages?limit=100')).body.rows as { url: string }[]).map((r) => r.url);

describe('an audit with JavaScript rendering', () => {
  let off: TestClient;
  let on: TestClient;

  beforeAll(async () => {
    [off, on] = await Promise.all([auditWith('render-off', false), auditWith('render-on', true)]);
  }, 150_000);

  it('says whether this runtime can render (the embedded runtime has Chromium)', async () => {
    expect((await on.get('/api/seo/audit/settings')).body.renderingAvailable).toBe(true);
  });

  it('finds a page whose only link a script writes with rendering on, and misses it with rendering off', async () => {
    expect(await crawledUrls(on)).toContain(`${site.origin}/script-only-page`);
    const without = await crawledUrls(off);
    expect(without).toContain(`${site.origin}/`);
    expect(without).not.toContain(`${site.origin}/script-only-page`);
  });

  it("blocks a rendered page's requests to an address the crawler may not reach", () => {
    // The script ran to its end (its last request, to the site itself, arrived), and nothing of its
    // fetches, image, frame, popup or POST to the closed port arrived.
    expect(site.hits).toContain('/script-ran');
    expect(forbiddenHits).toEqual([]);
  });

  it('keeps lab Core Web Vitals of the rendered pages at the chosen device, in the overview', async () => {
    const overview = (await on.get('/api/seo/audits/latest')).body;
    expect(overview.rendering).toBe('rendered');
    expect(overview.webVitals.device).toBe('mobile');
    const pages = overview.webVitals.pages as { url: string; lcpMs: number | null; cls: number; tbtMs: number }[];
    expect(pages.map((p) => p.url).sort()).toEqual([`${site.origin}/`, `${site.origin}/script-only-page`]);
    for (const page of pages) {
      expect(page.lcpMs).toBeGreaterThan(0);
      expect(page.cls).toBeGreaterThanOrEqual(0);
      expect(page.tbtMs).toBeGreaterThanOrEqual(0);
    }
    const plain = (await off.get('/api/seo/audits/latest')).body;
    expect(plain.rendering).toBeUndefined();
    expect(plain.webVitals).toBeUndefined();
  });
});
