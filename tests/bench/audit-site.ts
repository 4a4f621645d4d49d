/**
 * The audit benchmark's website, run as its own process (`tsx tests/bench/audit-site.ts <port> <pages>`)
 * so serving it does not share a core with the crawler measured: `pages` HTML pages of about
 * 44 KB with 30 same-site links each (page i links to i+1, so every page is reachable, and to
 * 29 others spread over the site), robots.txt, no sitemap. Prints "ready" when listening.
 */
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
const pages = Number(process.argv[3] ?? 10_000);
const LINKS = 30;
const TARGET_BYTES = 44 * 1024;

const WORDS =
  'bread flour oven morning crust crumb rye spelt butter cake order delivery market local seed honey cinnamon loaf'.split(
    ' ',
  );
const paragraphs = Array.from({ length: 64 }, (_, p) => {
  const words: string[] = [];
  for (let i = 0; i < 180; i++) words.push(WORDS[(p * 7 + i * 13) % WORDS.length]!);
  return `<p>${words.join(' ')} ${p}.</p>\n`;
});

function page(n: number): string {
  const links: string[] = [`<li><a href="/p/${(n + 1) % pages}">Next page ${(n + 1) % pages}</a></li>`];
  for (let k = 1; k < LINKS; k++) {
    const to = (n * 31 + k * 977) % pages;
    links.push(`<li><a href="/p/${to}">Bakery page ${to}</a></li>`);
  }
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rosa's Bakery page ${n}: bread and cakes</title><meta name="description" content="Page ${n} of the bakery site, about bread, cakes and delivery.">
<link rel="canonical" href="http://127.0.0.1:${port}/p/${n}"></head><body><h1>Bakery page ${n}</h1><h2>Our bread</h2>\n`;
  const nav = `<nav><ul>${links.join('')}</ul></nav>`;
  let body = `<p>Page number ${n} has its own words: ${n} ${n * 3} ${n * 7}.</p>\n`;
  let size = head.length + nav.length + body.length + 20;
  for (let i = 0; size < TARGET_BYTES; i++) {
    const paragraph = paragraphs[(n + i) % paragraphs.length]!;
    body += paragraph;
    size += paragraph.length;
  }
  return `${head}${body}${nav}</body></html>`;
}

const server = createServer((req, res) => {
  const path = req.url ?? '/';
  if (path === '/robots.txt')
    return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
  if (path === '/') return void res.writeHead(301, { location: '/p/0' }).end();
  const match = /^\/p\/(\d+)$/.exec(path);
  const n = match ? Number(match[1]) : -1;
  if (n < 0 || n >= pages) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(n));
});
server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1', () => console.log('ready'));
