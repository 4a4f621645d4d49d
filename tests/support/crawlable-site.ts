import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A website on a free loopback port for tests that run the crawler in-process: the safe
 * fetcher is told it may reach it (FETCH_ALLOW) until `close`.
 */
export async function serveCrawlableSite(
  handler: RequestListener,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.FETCH_ALLOW = new URL(origin).host;
  return {
    origin,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      delete process.env.FETCH_ALLOW;
    },
  };
}
