import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostFigures } from '../../shared/schemas/post-analytics';
import { postReadings } from '../../functions/core/reports/post-figures-entity';
import { metricsScheduleName } from '../../functions/core/reports/metrics-schedule';
import { metricsWatches } from '../../functions/core/reports/metrics-watch';
import { table, tableName } from '../../functions/core/table/client';
import { keys } from '../../functions/core/table/keys';
import { freePort } from '../../infra/local/free-port';
import { PASSWORD, TestClient } from '../support/api-client';
import { makePaid } from '../support/billing';
import { startRuntimeProcess, type RuntimeProcess } from '../support/runtime';
import { eventually, signedInUserAt } from '../support/test-site-runtime';
import { publishedOnLinkedIn } from './post-figures-support';
import { connectWithProfile, failNext } from './publishing-support';

/**
 * Power cuts in the middle of work that is not publishing: an audit crawling, a 300-row import
 * writing and a feed poll reading are in flight when the runtime's process group is killed;
 * the runtime restarts on the same DATA_DIR, and its first sweep takes back what the dead boot
 * held (functions/core/jobs/watch.ts). Three cuts, each in the crawl of an audit its schedule
 * started, each followed by the checks: the import goes on by itself (and ends with 300
 * posts, none twice), the poll's job ends (never "running" again), the audit ends, and the
 * next Check Again starts. At the runtime's real times (no WORKFLOW_TIME_SCALE): nothing waits
 * for a lease or a watch a dead process held. Prints how long each took.
 */
const ENV = {
  PASSWORD_HASH_LOG2_N: '10',
  AUDIT_BATCH_MS: '400',
  // A chosen page's collection, and one the first sweep after a restart re-arms, run a second on.
  METRICS_FIRST_RUN_DELAY_SECONDS: '1',
};
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
      400,
    );
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', () => done()));
  dataDir = mkdtempSync(join(tmpdir(), 'mkt-crash-work-'));
  // One runtime for the file: each test cuts it and starts it again on the same DATA_DIR.
  runtime = await startRuntimeProcess({ dataDir, env: runtimeEnv() });
}, 120_000);
afterAll(async () => {
  await runtime.stop();
  await new Promise((done) => server.close(done));
  rmSync(dataDir, { recursive: true, force: true });
});

let runtime: RuntimeProcess;
const runtimeEnv = () => ({ ...ENV, FETCH_ALLOW: new URL(origin).host });

/** The power cut, and the runtime started again on the same DATA_DIR: answers how long the start took. */
async function cutAndRestart(afterCut: () => void = () => undefined): Promise<number> {
  await runtime.crash();
  afterCut();
  const restartedAt = Date.now();
  runtime = await startRuntimeProcess({ dataDir, env: runtimeEnv() });
  return Date.now() - restartedAt;
}

type Report = { audit: { id: string; status: string; progress: { pages: number } } | null };
type Summary = { id: string; status: string; posts: number };
type Schedule = { last?: { outcome: string; auditId?: string } };

describe('a power cut in the middle of work', () => {
  it(`takes back an audit, an import and a feed poll after each of ${CUTS} cuts`, async () => {
    const { client: first, email, companyId } = await signedInUserAt(runtime.url, 'crash-work');
    let client = first;
    await makePaid(client);
    expect((await client.patch('/api/company/company', { website: `${origin}/` })).status).toBe(200);
    const feed = await client.post('/api/feeds', { url: `${origin}/feed.xml`, platforms: ['facebook'] });
    expect(feed.status, JSON.stringify(feed.body)).toBe(201);
    const feedId = feed.body.id as string;

    // A company's first look at its report starts its first audit: it ends before the schedule's runs.
    await eventually(
      async () => (await client.get<Report>('/api/seo/report')).body.audit,
      (run) => !!run && run.status !== 'running' && run.status !== 'stopping',
      'the first audit ended',
      120_000,
    );

    // One import of 300 rows, cut three times on its way.
    const csv = ['platforms,copy', ...Array.from({ length: ROWS }, (_, i) => `facebook,"Imported row ${i + 1}."`)];
    const imported = await client.post('/api/imports', { csv: csv.join('\n'), zone: 'UTC', action: 'save' });
    expect(imported.status, JSON.stringify(imported.body)).toBe(202);
    let written = 0;
    let lastDue = 0;

    for (let cut = 1; cut <= CUTS; cut++) {
      // Each cut comes in a scheduled audit's crawl: the schedule falls due a few minutes from the
      // runtime's clock (back at the real time after a restart), and the clock passes it.
      const previousAudit = (await client.get<Report>('/api/seo/report')).body.audit?.id;
      // Each cut's due minute after the last one's: the same minute is the same due run, which
      // a schedule starts once.
      const due = new Date(Math.max(Date.now() + 10 * 60_000, lastDue + 2 * 60_000));
      due.setUTCSeconds(0, 0);
      lastDue = due.getTime();
      const saved = await client.put('/api/seo/audit/schedule', {
        frequency: 'weekly',
        weekday: due.getUTCDay(),
        time: due.toISOString().slice(11, 16),
        timeZone: 'UTC',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const advanceSeconds = Math.ceil((due.getTime() - Date.now()) / 1000) + 30;
      expect((await client.post('/api/dev/clock', { advanceSeconds })).status).toBe(200);
      feedEntries++;
      feedDelayMs = 4000;
      const poll = await client.post(`/api/feeds/${feedId}/poll`);
      expect(poll.status).toBe(202);

      // The cut comes once the crawl has pages and the import has written more rows since the last one.
      const before = await eventually(
        async () => ({
          // Only what the checks read, so a failure prints them.
          report: { audit: (await client.get<Report>('/api/seo/report')).body.audit },
          schedule: (await client.get<Schedule>('/api/seo/audit/schedule')).body,
          imports: (await client.get<Summary[]>('/api/imports')).body,
        }),
        // The schedule's own run, not the one before it; (on a fast machine the import may have
        // finished before the last cut).
        ({ report, schedule, imports }) =>
          !!report.audit &&
          report.audit.id !== previousAudit &&
          schedule.last?.auditId === report.audit.id &&
          report.audit.status === 'running' &&
          report.audit.progress.pages > 0 &&
          ((imports[0]?.posts ?? 0) > written + 5 || imports[0]?.status === 'imported'),
        'the crawl and the import under way',
        60_000,
      );
      written = before.imports[0]?.posts ?? 0;
      const booted = await cutAndRestart(() => (feedDelayMs = 0));
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
  }, 600_000);
});

describe('a power cut in the middle of the daily collection', () => {
  const DAY_MS = 86_400_000;
  const DUE = 40;
  const FROZEN = 4;
  const PER_POST = '/linkedin-api/rest/organizationalEntityShareStatistics';

  /** This process reads the runtime's table in-process (a worker would): the runtime of now. */
  const useRuntimeTable = () =>
    Object.assign(process.env, {
      RUNTIME: 'local',
      TABLE_NAME: runtime.tableName,
      DYNAMODB_ENDPOINT: runtime.dynamoEndpoint,
      LOG_LEVEL: 'silent',
    });

  it(`takes back a per-post collection cut ${CUTS} times: each post read once a day, frozen ones left, nothing left running`, async () => {
    const { client: first, email, companyId } = await signedInUserAt(runtime.url, 'crash-figures');
    let client = first;
    await makePaid(client);
    const sandbox = await connectWithProfile(client, 'linkedin', 1);
    const organization = (await client.get<{ id: string }[]>('/api/integrations/linkedin/profiles')).body[1]!.id;
    useRuntimeTable();
    const watch = () => metricsWatches.get(keys.metricsWatch(companyId), { consistent: true });
    const settled = (w: Awaited<ReturnType<typeof watch>>) =>
      !!w && !w.running && Date.parse(w.runAt) > Date.now() + 3600_000;
    // The choice of the page ran the company's first collection: it has armed tomorrow's.
    await eventually(watch, settled, 'the first collection done', 60_000);

    // Published posts of the last 28 days, each with its first day's reading, and posts past
    // their 30 days, frozen. An hour off the day, so no post's day changes while the test runs.
    const now = Date.now();
    const reading = (publishedAt: number, day: number) => ({
      day,
      at: new Date(publishedAt + day * DAY_MS + 60_000).toISOString(),
      likes: day,
      comments: 0,
      shares: 0,
      impressions: 10,
      reach: 5,
    });
    const seeded = await Promise.all(
      Array.from({ length: DUE + FROZEN }, async (_, n) => {
        const day = n < DUE ? (n % 28) + 1 : 31 + n - DUE;
        const at = new Date(now - day * DAY_MS - 3600_000);
        const post = await publishedOnLinkedIn(sandbox, { companyId, organization, at, label: `crash-figures-${n}` });
        const readings =
          n < DUE ? [reading(at.getTime(), 0)] : Array.from({ length: 30 }, (_, d) => reading(at.getTime(), d));
        const stored = {
          companyId,
          postId: post.id,
          platform: 'linkedin' as const,
          publishedAt: at.toISOString(),
          readings,
          frozen: n >= DUE,
        };
        await postReadings.put(stored);
        return { ...post, day, stored };
      }),
    );
    const due = seeded.filter((p) => !p.stored.frozen);
    const frozen = seeded.filter((p) => p.stored.frozen);
    const readingsOf = async () =>
      new Map(
        (await postReadings.batchGet(seeded.map((p) => keys.postReadings(companyId, p.id)))).map((r) => [r.postId, r]),
      );
    /** Due posts read since `since`: their day's reading is at least that recent. */
    const readSince = async (since: number) => {
      const stored = await readingsOf();
      return due.filter((p) => {
        const today = stored.get(p.id)?.readings.find((r) => r.day === p.day);
        return today && Date.parse(today.at) >= since;
      }).length;
    };
    const perPostCalls = async (since: number) => {
      const { requests } = (await (await fetch(`${sandbox}/__sandbox/requests`)).json()) as {
        requests: { at: string; path: string; query: Record<string, string> }[];
      };
      return requests.filter((r) => r.path === PER_POST && r.query.shares && Date.parse(r.at) >= since);
    };

    for (let cut = 1; cut <= CUTS; cut++) {
      // LinkedIn answers each post slowly: the collection is a few seconds of reads.
      for (let i = 0; i < DUE + 2; i++) await failNext(sandbox, { path: PER_POST, delayMs: 250 });
      const started = Date.now();
      // Choosing the page again runs the company's collection a second on.
      expect((await client.post('/api/integrations/linkedin/profile', { id: organization })).status).toBe(200);
      await eventually(
        () => perPostCalls(started),
        (calls) => calls.length >= 8,
        `the collection of cut ${cut} under way`,
        30_000,
      );
      const before = await readSince(started);
      expect(before, `some posts read before cut ${cut}`).toBeGreaterThan(0);
      expect(before, `not all posts read before cut ${cut}`).toBeLessThan(DUE);
      expect((await watch())?.running, 'the run watched while it collects').toBeDefined();

      const booted = await cutAndRestart();
      const restartedAt = Date.now();
      useRuntimeTable();
      client = new TestClient(runtime.url);
      expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
      // The first sweep of the new boot takes the dead boot's run back: every post read again.
      await eventually(
        () => readSince(restartedAt),
        (read) => read === DUE,
        `the collection after cut ${cut}`,
        60_000,
      );
      await eventually(watch, settled, `the run after cut ${cut} done`, 30_000);
      console.log(
        `per-post collection cut ${cut} after ${before}/${DUE} posts: restart ${booted} ms, done ${Date.now() - restartedAt} ms later`,
      );
    }

    // Each post within its 30 days: its first day and today's reading, once each.
    const since = Date.now() - 120_000;
    for (const post of due) {
      const res = await client.get<PostFigures>(`/api/reports/posts/${post.id}`);
      expect(res.status).toBe(200);
      expect(
        res.body.readings.map((r) => r.day),
        `post ${post.id}`,
      ).toEqual([0, post.day]);
      expect(res.body.frozen).toBe(false);
    }
    // Frozen posts as they were, and never read.
    const stored = await readingsOf();
    for (const post of frozen) expect(stored.get(post.id)).toEqual(post.stored);
    const read = new Set((await perPostCalls(since)).map((r) => r.query.shares));
    for (const post of frozen) expect(read.has(`List(${encodeURIComponent(post.externalId)})`)).toBe(false);
    // The chain goes on at tomorrow's run, nothing marked as running.
    const last = await watch();
    expect(last).toMatchObject({ companyId });
    expect(last?.running).toBeUndefined();
    const schedule = (
      await table().send(new GetCommand({ TableName: tableName(), Key: keys.schedule(metricsScheduleName(companyId)) }))
    ).Item;
    expect(schedule?.at).toBe(last!.runAt);
  }, 240_000);
});
