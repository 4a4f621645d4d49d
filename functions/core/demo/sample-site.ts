import { imageSvg, renderPage, SAMPLE_PAGES, type Page } from './sample-pages';

/**
 * The sample website, answered from code: the embedded runtime serves it on a loopback port for
 * onboarding, keyword research and the SEO report, and a demo company's audits crawl it from
 * memory (no network, on AWS as locally). `earlier` is the site as it was a week before: two
 * defects since fixed (a menu page without a description, a cake photo without alt text) and
 * one not yet made (the link to last year's price list, gone since), so a demo's two audits
 * have something true to compare.
 */
export type SampleSiteVersion = 'earlier' | 'current';

export interface SampleAnswer {
  status: number;
  contentType: string;
  body: string;
}

function pagesOf(version: SampleSiteVersion): Record<string, Page> {
  if (version === 'current') return SAMPLE_PAGES;
  const pages = { ...SAMPLE_PAGES };
  const menu = pages['/menu/'];
  const order = pages['/order/'];
  const visit = pages['/visit/'];
  if (menu) pages['/menu/'] = { ...menu, description: undefined };
  if (order) pages['/order/'] = { ...order, images: [{ src: '/images/celebration-cake.svg' }] };
  if (visit) pages['/visit/'] = { ...visit, links: [] };
  return pages;
}

const HTML = 'text/html; charset=utf-8';

export function sampleSiteAnswer(path: string, origin: string, version: SampleSiteVersion = 'current'): SampleAnswer {
  const pages = pagesOf(version);
  const page = pages[path];
  if (page) return { status: 200, contentType: HTML, body: renderPage(path, page, origin) };
  if (path.startsWith('/images/') && path.endsWith('.svg'))
    return { status: 200, contentType: 'image/svg+xml', body: imageSvg(path.slice(8, -4).replace(/-/g, ' ')) };
  if (path === '/robots.txt')
    return {
      status: 200,
      contentType: 'text/plain',
      body: `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`,
    };
  if (path === '/sitemap.xml') {
    const urls = Object.keys(pages).map((p) => `<url><loc>${origin}${p}</loc></url>`);
    return {
      status: 200,
      contentType: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`,
    };
  }
  return { status: 404, contentType: HTML, body: '<h1>Page not found</h1>' };
}
