import { createServer } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { listenAgain } from '../sandbox/kit/listen';
import { imageSvg, renderPage, SAMPLE_PAGES } from './pages';

export interface SampleSite {
  /** http://127.0.0.1:<port>: the address onboarding offers and the safe fetcher may reach. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * The sample website of the embedded runtime: a newcomer without a site of their own (or who
 * would rather not point a crawler at it) can read it in onboarding, audit it in the SEO report
 * and research keywords for it. It listens on the port it had before (kept in `stateFile`), so a
 * company whose website it is keeps a working address across restarts.
 */
export async function startSampleSite(stateFile: string): Promise<SampleSite> {
  let remembered = 0;
  try {
    remembered = Number((JSON.parse(readFileSync(stateFile, 'utf8')) as { port?: number }).port) || 0;
  } catch {
    // First start: any free port.
  }
  let origin = '';
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const page = SAMPLE_PAGES[path];
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(renderPage(path, page, origin));
    } else if (path.startsWith('/images/') && path.endsWith('.svg')) {
      res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(imageSvg(path.slice(8, -4).replace(/-/g, ' ')));
    } else if (path === '/robots.txt') {
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    } else if (path === '/sitemap.xml') {
      const urls = Object.keys(SAMPLE_PAGES).map((p) => `<url><loc>${origin}${p}</loc></url>`);
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`,
        );
    } else {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Page not found</h1>');
    }
  });
  const port = await listenAgain(server, remembered);
  origin = `http://127.0.0.1:${port}`;
  writeFileSync(stateFile, JSON.stringify({ port }));
  return {
    origin,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
