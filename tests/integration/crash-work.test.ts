import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port';
import { PASSWORD, TestClient } from '../support/api-client';
import { makePaid } from '../support/billing';
import { startRuntimeProcess, type RuntimeProcess } from '../support/runtime';
import { eventually, signedInUserAt } from '../support/test-site-runtime';

/**
 * Power cuts in the middle of work that is not publishing: an audit crawling, a 300-row import
 * writing and a feed poll reading are in flight when the runtime's process group is killed;
 * the runtime restarts on the same DATA_DIR, and its first sweep takes back what the dead boot
 * held (functions/core/jobs/watch.ts). Three cuts (the first audit a scheduled one, the others
 * Check Again), each followed by the checks: the import goes on by itself (and ends with 300
 * posts, none twice), the poll's job ends (never "running" again), the audit ends, and the
 * next Check Again starts. Prints how long each took.
 */
const ENV = { WORKFLOW_TIME_SCALE: '0.05', PASSWORD_HASH_LOG2_N: '10', AUDIT_BATCH_MS: '400' };
const ROWS = 300;
const CUTS = 3;
const PAGES = 12;

let server: Server;
let origin: string;
let dataDir: string;
let feedEntries = 0;
/** Feed reads take this long: a poll is still reading when the cut comes. */
let feedDelayMs = 0;

const feedXml = () =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Crash Journal</title><link>${origin}/</link>${Array.from(
    { length: feedEntries },
    (_, i) =>
      `<item><guid>crash-${i}</guid><title>Crash note ${i}</title><link>${origin}/notes/${i}</link><description>Note ${i}.</description></item>`,
  )
    .reverse()
    .join('')}</channel></rss>`;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = createServer((req, res) => {
    if (req.url === '/feed.xml') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml()), feedDelayMs);
      return;
    }
    // A small site whose pages answer slowly, so a crawl is under way for seconds.
    const page = Number(/^\/page\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
    const links = Array.from({ length: PAGES }, (_, i) => `<a href="/page/${i + 1}">Page ${i + 1}</a>`).join(' ');
    setTimeout(
      () =>
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<!doctype html><html lang="en"><title>Crash bakery page ${page}</title><h1>Page ${page}</h1>${links}`),
      150,
    );
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', () => done()));
  dataDir = mkdtempSync(join(tmpdir(), 'mkt-crash-work-'));
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(dataDir, { recursive: true, force: true });
});

type Report = { audit: { id: string; status: string; progress: { pages: number } } | null };
type Summary = { id: string; status: string; posts: number };

describe('a power cut in the middle of work', () => {
  it(`takes back an audit, an import and a feed poll after each of ${CUTS} cuts`, async () => {
    const env = { ...ENV, FETCH_ALLOW: new URL(origin).host };
    let runtime: RuntimeProcess = await startRuntimeProcess({ dataDir, env });
    const { client: first, email, companyId } = await signedInUserAt(runtime.url, 'crash-work');
    let client = first;
    try {
      await makePaid(client);
      expect((await client.patch('/api/company/company', { website: `${origin}/` })).status).toBe(200);
      const feed = await client.post('/api/feeds', { url: `${origin}/feed.xml`, platforms: ['facebook'] });
      expect(feed.status, JSON.stringify(feed.body)).toBe(201);
      const feedId = feed.body.id as string;

      // One import of 300 rows, cut three times on its way.
      const csv = ['platforms,copy', ...Array.from({ length: ROWS }, (_, i) => `facebook,"Imported row ${i + 1}."`)];
      const imported = await client.post('/api/imports', { csv: csv.join('\n'), zone: 'UTC', action: 'save' });
      expect(imported.status, JSON.stringify(imported.body)).toBe(202);
      let written = 0;

      for (let cut = 1; cut <= CUTS; cut++) {
        if (cut === 1) {
          // The first audit is a scheduled one: the runtime's clock passes its due time.
          const due = new Date(Date.now() + 10 * 60_000);
          const saved = await client.put('/api/seo/audit/schedule', {
            frequency: 'weekly',
            weekday: due.getUTCDay(),
            time: due.toISOString().slice(11, 16),
            timeZone: 'UTC',
          });
          expect(saved.status, JSON.stringify(saved.body)).toBe(200);
          expect((await client.post('/api/dev/clock', { advanceSeconds: 11 * 60 })).status).toBe(200);
        } else {
          // The run before ended: Check Again starts a new one.
          const audit = await client.post('/api/seo/report/recheck');
          expect(audit.status, JSON.stringify(audit.body)).toBe(202);
        }
        feedEntries++;
        feedDelayMs = 4000;
        const poll = await client.post(`/api/feeds/${feedId}/poll`);
        expect(poll.status).toBe(202);

        // The cut comes once the crawl has pages and the import has written more rows since the last one.
        const before = await eventually(
          async () => ({
            report: (await client.get<Report>('/api/seo/report')).body,
            imports: (await client.get<Summary[]>('/api/imports')).body,
          }),
          // (On a fast machine the import may have finished before the last cut.)
          ({ report, imports }) =>
            (report.audit?.progress.pages ?? 0) > 0 &&
            ((imports[0]?.posts ?? 0) > written + 5 || imports[0]?.status === 'imported'),
          'the crawl and the import under way',
          60_000,
        );
        written = before.imports[0]?.posts ?? 0;
        await runtime.crash();
        feedDelayMs = 0;
        const restartedAt = Date.now();
        runtime = await startRuntimeProcess({ dataDir, env });
        const booted = Date.now() - restartedAt;
        client = new TestClient(runtime.url);
        const login = await client.post<{ companyId: number }>('/api/auth/login', { email, password: PASSWORD });
        expect(login.body.companyId).toBe(companyId);

        const since = Date.now();
        const took: Record<string, number> = {};
        await Promise.all([
          eventually(
            () => client.get<Summary[]>('/api/imports'),
            (res) => res.body[0]?.status === 'imported' || (res.body[0]?.posts ?? 0) > written,
            `the import going on after cut ${cut}`,
            60_000,
          ).then(() => (took.import = Date.now() - since)),
          eventually(
            () => client.get(`/api/lrp/${poll.body.uuid as string}`),
            (res) => res.status !== 202,
            `the poll of cut ${cut} ended`,
            60_000,
          ).then((res) => {
            took.poll = Date.now() - since;
            expect(res.status, JSON.stringify(res.body)).toBe(200);
          }),
          eventually(
            async () => (await client.get<Report>('/api/seo/report')).body.audit,
            (run) => run?.status !== 'running' && run?.status !== 'stopping',
            `the audit of cut ${cut} ended`,
            180_000,
          ).then(() => (took.audit = Date.now() - since)),
        ]);
        console.log(
          `cut ${cut} at row ${written}/${ROWS}: restart ${booted} ms; then the import went on after ${took.import} ms, the poll ended after ${took.poll} ms, the audit after ${took.audit} ms`,
        );
      }
      await eventually(
        () => client.get<Summary[]>('/api/imports'),
        (res) => res.body[0]?.status === 'imported',
        'the import finished',
        180_000,
      );
      const posts = (await client.get<{ content: string }[]>('/api/calendar/list')).body.filter((p) =>
        p.content.startsWith('Imported row '),
      );
      expect(posts).toHaveLength(ROWS);
      expect(new Set(posts.map((p) => p.content)).size).toBe(ROWS);
      // Each poll drafted its entry once, whatever the cuts.
      const drafts = (await client.get<{ content: string }[]>('/api/calendar/list')).body.filter((p) =>
        p.content.includes('Crash note'),
      );
      expect(drafts).toHaveLength(CUTS);
      expect((await client.post('/api/seo/report/recheck')).status).toBe(202);
    } finally {
      await runtime.stop();
    }
  }, 600_000);
});
