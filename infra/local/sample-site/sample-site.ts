import { createServer } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { listenAgain } from '../sandbox/kit/listen';
import { sampleSiteAnswer } from '../../../functions/core/demo/sample-site';

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
    const answer = sampleSiteAnswer((req.url ?? '/').split('?')[0] ?? '/', origin);
    res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
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
