import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { inject } from 'vitest';

export type SiteHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface LoopbackSite {
  /** http://127.0.0.1:<port>, an address the suite's runtime may fetch (FETCH_ALLOW). */
  origin: string;
  /** Requests received, by path, in order. */
  hits: string[];
  close(): Promise<void>;
}

/**
 * Serves a small website on one of the loopback ports the suite's runtime was started to allow
 * (tests/support/global-runtime.ts). Files of a suite run in parallel, so it takes the first of
 * those ports that is free.
 *
 * The ports are shared over the run, so a port can still be sent webhook retries meant for a
 * receiver another file served there before. Unless the site is a receiver itself, those are
 * answered 410 Gone and never reach the handler, so a site's log holds only what its test asked for.
 */
export async function serveSite(
  handler: SiteHandler,
  options: { receivesWebhooks?: boolean } = {},
): Promise<LoopbackSite> {
  const hits: string[] = [];
  for (const port of inject('sitePorts')) {
    const server = createServer((req, res) => {
      if (!options.receivesWebhooks && req.headers['webhook-id']) return void res.writeHead(410).end();
      hits.push(req.url ?? '/');
      handler(req, res);
    });
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) return { origin: `http://127.0.0.1:${port}`, hits, close: () => closeServer(server) };
  }
  throw new Error('every loopback site port of this suite is taken');
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** A small business's home page: title, meta description, headings, schema.org JSON-LD and copy. */
export const BAKERY_HOME = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Home | Rosa's Sourdough Bakery</title>
  <meta name="description" content="Rosa's Sourdough Bakery bakes slow-fermented sourdough loaves, cardamom buns and celebration cakes every morning in Bristol, and delivers across Bath and Clifton.">
  <script type="application/ld+json">
  {"@context":"https://schema.org","@graph":[
    {"@type":"WebSite","name":"Rosa's website","url":"https://rosas.example"},
    {"@type":"Bakery","name":"Rosa's Sourdough Bakery","telephone":"+44 117 000 0000",
     "address":{"@type":"PostalAddress","streetAddress":"12 Gloucester Road","addressLocality":"Bristol","postalCode":"BS7 8AA","addressCountry":"GB"},
     "areaServed":[{"@type":"City","name":"Bath"},"Clifton"]}
  ]}
  </script>
  <style>body { font-family: serif; }</style>
</head>
<body>
  <nav><a href="/">Home</a> <a href="/menu">Menu</a></nav>
  <h1>Real bread, baked before sunrise</h1>
  <p>We are a family bakery on Gloucester Road. We love long fermentation, local flour and a warm welcome for every neighbour who walks through our door!</p>
  <h2>Order a celebration cake</h2>
  <p>Tell us about your birthday, wedding or office party and we will bake a cake your guests remember. Delivery across Bristol, Bath and Clifton.</p>
  <script>window.tracking = 'not text';</script>
  <footer>© Rosa's Sourdough Bakery. All rights reserved.</footer>
</body>
</html>`;
