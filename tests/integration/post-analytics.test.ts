import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostFigures, BestTimes, TopPosts } from '../../shared/schemas/post-analytics';
import { collectPostFigures } from '../../functions/core/reports/post-figures-collect';
import { postReadings } from '../../functions/core/reports/post-figures-entity';
import type { RuntimeProcess } from '../support/runtime';
import { startRuntimeBesideSuite } from '../support/suite-runtime-env';
import { signedInUserAt } from '../support/test-site-runtime';
import type { TestClient } from '../support/api-client';
import { makePaid } from '../support/billing';
import { connectWordPress } from '../support/app-connect';
import { publishedOnLinkedIn, storePublished } from './post-figures-support';
import { connectWithProfile, failNext, publishNow, settled, uniqueCopy } from './publishing-support';

/**
 * Per-post figures and best times end to end, on a runtime of this file's own: its dev clock is
 * moved a day at a time (which other files must not feel), the daily collection's per-post part
 * runs in-process as the run-job worker runs it (against the runtime's table and the sandbox's
 * LinkedIn over HTTP), and every answer is read over HTTP.
 */
let runtime: RuntimeProcess;
let client: TestClient;
let companyId: number;
let sandbox: string;
let organization: string;
/** How far the runtime's clock is ahead of this process's. */
let offsetMs = 0;
/** The runtime's time now (its dev clock), which the worker's collection goes by. */
const clockNow = () => new Date(Date.now() + offsetMs);

const DAY_S = 86_400;

beforeAll(async () => {
  // The runtime's own collection chain never falls due while this file moves the clock: the
  // collection runs here, once per moved day.
  runtime = await startRuntimeBesideSuite({ env: { METRICS_FIRST_RUN_DELAY_SECONDS: String(400 * DAY_S) } });
  ({ client, companyId } = await signedInUserAt(runtime.url, 'post-figures'));
  await makePaid(client);
  sandbox = await connectWithProfile(client, 'linkedin', 1);
  organization = (await client.get<{ id: string }[]>('/api/integrations/linkedin/profiles')).body[1]!.id;
  Object.assign(process.env, {
    RUNTIME: 'local',
    TABLE_NAME: runtime.tableName,
    DYNAMODB_ENDPOINT: runtime.dynamoEndpoint,
    LOG_LEVEL: 'silent',
    TOKEN_KEY_FILE: join(runtime.dataDir, 'platform-token.key'),
    PLATFORM_SANDBOX_ORIGIN: sandbox,
    FETCH_ALLOW: new URL(sandbox).host,
  });
}, 120_000);
afterAll(() => runtime.stop());

async function moveClock(seconds: number): Promise<void> {
  const moved = await client.post<{ now: string }>('/api/dev/clock', { advanceSeconds: seconds });
  expect(moved.status).toBe(200);
  offsetMs = Date.parse(moved.body.now) - Date.now();
}

const figuresOf = async (postId: number) => {
  const res = await client.get<PostFigures>(`/api/reports/posts/${postId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('per-post figures', () => {
  it('a second run the same day keeps one reading per day; a run that fails half-way is made whole by the next', async () => {
    const id = await publishNow(client, 'linkedin', uniqueCopy('figures-twice'));
    expect((await settled(client, id)).status).toBe('published');
    await collectPostFigures(companyId, clockNow());
    await collectPostFigures(companyId, clockNow());
    expect((await figuresOf(id)).readings.map((r) => r.day)).toEqual([0]);

    // The next day's run dies on LinkedIn's answer: nothing of that day is written, nothing lost.
    // (That day is the worker's, not the runtime's clock: the next test moves the clock.)
    const tomorrow = new Date(clockNow().getTime() + DAY_S * 1000);
    await failNext(sandbox, { path: '/linkedin-api/rest/organizationalEntityShareStatistics', kind: 'server-error' });
    expect((await collectPostFigures(companyId, tomorrow)).linkedin).toBe('failed');
    expect((await figuresOf(id)).readings.map((r) => r.day)).toEqual([0]);
    // The run the chain starts again (the sweeper's re-arm, or the next schedule) writes the day.
    expect((await collectPostFigures(companyId, tomorrow)).linkedin).toBe('collected');
    expect((await figuresOf(id)).readings.map((r) => r.day)).toEqual([0, 1]);
  }, 120_000);
  it('the daily collection reads a post for its first 30 days, growing, then freezes it and reads no more', async () => {
    const copy = uniqueCopy('figures');
    const id = await publishNow(client, 'linkedin', copy);
    expect((await settled(client, id)).status).toBe('published');
    expect(await figuresOf(id)).toMatchObject({ readings: [], likes: 0, frozen: false });

    const perPostCalls = async () => {
      const res = await fetch(`${sandbox}/__sandbox/requests`);
      const { requests } = (await res.json()) as { requests: { path: string; query: Record<string, string> }[] };
      return requests.filter((r) => r.path.endsWith('/organizationalEntityShareStatistics') && r.query.shares).length;
    };

    for (let day = 0; day <= 31; day++) {
      if (day > 0) await moveClock(DAY_S);
      const outcomes = await collectPostFigures(companyId, clockNow());
      expect(outcomes.linkedin).toBe(day < 30 ? 'collected' : 'none');
      const figures = await figuresOf(id);
      expect(figures.readings.map((r) => r.day)).toEqual(Array.from({ length: Math.min(day + 1, 30) }, (_, i) => i));
      expect(figures.frozen).toBe(day >= 30);
    }
    const figures = await figuresOf(id);
    // Growing after publishing, never falling, with LinkedIn's impressions and reach.
    const likes = figures.readings.map((r) => r.likes);
    expect(likes).toEqual([...likes].sort((a, b) => a - b));
    expect(likes.at(-1)).toBeGreaterThan(likes[0]!);
    expect(figures.impressions).toBeGreaterThan(0);
    expect(figures.reach).toBeGreaterThan(0);
    expect(figures.engagement).toBe(figures.likes + figures.comments + figures.shares);

    // Frozen: another day's run asks LinkedIn nothing about it.
    const before = await perPostCalls();
    await moveClock(DAY_S);
    await collectPostFigures(companyId, clockNow());
    expect(await perPostCalls()).toBe(before);
    expect((await figuresOf(id)).readings).toHaveLength(30);
  }, 240_000);
});

/** A post the company published `daysAgo` at `hour` UTC, made on LinkedIn at that time and stored as published. */
async function publishedEarlier(n: number, daysAgo: number, hour: number): Promise<number> {
  const at = new Date(clockNow().getTime() - daysAgo * DAY_S * 1000);
  at.setUTCHours(hour, 10, 0, 0);
  return (await publishedOnLinkedIn(sandbox, { companyId, organization, at, label: `earlier-${n}` })).id;
}

const setFavoured = async (hour: number) => {
  const res = await fetch(`${sandbox}/__sandbox/engagement`, {
    method: 'POST',
    body: JSON.stringify({ hour, weekdays: [] }),
  });
  expect(res.status).toBe(204);
};

describe('best times', () => {
  // A company of their own: the frozen posts of the tests above keep what the stand-in's default
  // hour drew, which would outrank the hours these tests favour.
  beforeAll(async () => {
    ({ client, companyId } = await signedInUserAt(runtime.url, 'best-times'));
    await makePaid(client);
    await connectWithProfile(client, 'linkedin', 1);
    organization = (await client.get<{ id: string }[]>('/api/integrations/linkedin/profiles')).body[1]!.id;
  }, 120_000);

  it("follow the hour LinkedIn's engagement favours, once 20 posts rest on them, and the top posts say the same", async () => {
    // 24 posts of the last three weeks, half at one hour and half six hours on, on the same weekdays.
    const morningHour = (new Date().getUTCHours() + 6) % 24;
    const laterHour = (morningHour + 6) % 24;
    for (let n = 0; n < 24; n++) await publishedEarlier(n, 3 + (n >> 1), n % 2 ? laterHour : morningHour);
    const best = async () => {
      const res = await client.get<BestTimes>('/api/reports/best-times?platforms=linkedin&zone=UTC');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.linkedin!;
    };
    expect((await best()).source).toBe('default');

    await setFavoured(morningHour);
    await collectPostFigures(companyId, clockNow());
    const morning = await best();
    expect(morning.source).toBe('own');
    expect(morning.posts).toBeGreaterThanOrEqual(24);
    expect(morning.best[0]!.hour).toBe(morningHour);
    expect(morning.hours[morningHour]!.posts).toBeGreaterThanOrEqual(12);

    await setFavoured(laterHour);
    await collectPostFigures(companyId, clockNow());
    const afternoon = await best();
    expect(afternoon.best[0]!.hour).toBe(laterHour);
    expect(afternoon.hours[laterHour]!.engagement).toBeGreaterThan(afternoon.hours[morningHour]!.engagement ?? 0);

    // Top posts of the period, best first, agree with each post's own figures. The period holds
    // these 24 posts, not the older ones of the tests above (frozen at what another hour drew).
    const from = new Date(clockNow().getTime() - 20 * DAY_S * 1000).toISOString().slice(0, 10);
    const to = clockNow().toISOString().slice(0, 10);
    const top = await client.get<TopPosts>(`/api/reports/top-posts?from=${from}&to=${to}&platforms=linkedin&limit=5`);
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    const list = top.body.linkedin!;
    expect(list).toHaveLength(5);
    expect(new Date(list[0]!.publishedAt).getUTCHours()).toBe(laterHour);
    expect(list.map((p) => p.engagement)).toEqual([...list.map((p) => p.engagement)].sort((a, b) => b - a));
    const own = await figuresOf(list[0]!.postId);
    expect(own).toMatchObject({ likes: list[0]!.likes, comments: list[0]!.comments, shares: list[0]!.shares });
  }, 120_000);

  it('refuse a zone that is not one, and a company without a paid plan', async () => {
    const bad = await client.get<{ message: string }>('/api/reports/best-times?zone=Mars/Olympus');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('IANA');
    const free = await signedInUserAt(runtime.url, 'post-figures-free');
    for (const path of ['/api/reports/best-times', '/api/reports/top-posts?from=2026-01-01&to=2026-01-31']) {
      expect((await free.client.get(path)).status, path).toBe(402);
    }
  });
});

describe('WordPress posts', () => {
  it('get their approved comments, read daily as readers comment; no likes, shares or views are made up', async () => {
    const login = `figures-${Date.now().toString(36)}`;
    const { callback } = await connectWordPress(client, sandbox, { userLogin: login });
    const basic = `Basic ${Buffer.from(`${login}:${callback.searchParams.get('password')}`).toString('base64')}`;
    const site = (route: string, body: unknown) =>
      fetch(`${sandbox}/wp-json/wp/v2${route}`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Published on the site at the runtime's time (which this file moves), and stored as the app's.
    const made = await site('/posts', {
      title: 'Five ways our bakery keeps its sourdough starter alive',
      content: '<p>Feed it daily.</p>',
      status: 'publish',
      date_gmt: clockNow().toISOString().slice(0, 19),
    });
    expect(made.status).toBe(201);
    const wordpressPost = (await made.json()) as { id: number; link: string };
    const id = await storePublished({
      companyId,
      platform: 'wordpress',
      externalId: String(wordpressPost.id),
      permalink: wordpressPost.link,
      at: clockNow(),
      content: '<p>Feed it daily.</p>',
    });

    /** What a visitor of the site counts: WordPress's own total of the post's approved comments. */
    const siteCount = async () => {
      const res = await fetch(`${sandbox}/wp-json/wp/v2/comments?post=${wordpressPost.id}&per_page=1&_fields=id`);
      expect(res.status).toBe(200);
      return Number(res.headers.get('x-wp-total'));
    };
    const collect = async () => expect((await collectPostFigures(companyId, clockNow())).wordpress).toBe('collected');

    await collect();
    let figures = await figuresOf(id);
    expect(figures).toMatchObject({ platform: 'wordpress', likes: 0, shares: 0, impressions: null, reach: null });
    expect(figures.comments).toBe(await siteCount());
    expect(figures.engagement).toBe(figures.comments);

    // A comment left on the site counts at the next reading; the day's reading is replaced.
    expect((await site('/comments', { post: wordpressPost.id, content: 'We tried it: it works.' })).status).toBe(201);
    const before = figures.comments;
    await collect();
    figures = await figuresOf(id);
    expect(figures.readings.map((r) => r.day)).toEqual([0]);
    expect(figures.comments).toBe(before + 1);

    // Readers comment as days pass: a reading a day, never fewer, the site's own count each time.
    for (let day = 1; day <= 3; day++) {
      await moveClock(DAY_S);
      await collect();
      expect((await figuresOf(id)).comments).toBe(await siteCount());
    }
    figures = await figuresOf(id);
    expect(figures.readings.map((r) => r.day)).toEqual([0, 1, 2, 3]);
    const comments = figures.readings.map((r) => r.comments);
    expect(comments).toEqual([...comments].sort((a, b) => a - b));
    expect(figures.readings.every((r) => r.likes === 0 && r.shares === 0 && r.impressions === null)).toBe(true);

    const period = `from=${figures.publishedAt.slice(0, 10)}&to=${clockNow().toISOString().slice(0, 10)}`;
    const top = await client.get<TopPosts>(`/api/reports/top-posts?${period}&platforms=wordpress`);
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    expect(top.body.wordpress?.find((p) => p.postId === id)).toMatchObject({ comments: figures.comments, likes: 0 });
    // Best times are for the social platforms: a blog post's hour says little of its comments.
    const best = await client.get('/api/reports/best-times?platforms=wordpress');
    expect(best.status).toBe(422);
    expect(JSON.stringify(best.body)).toContain('is not a platform with best times');
  }, 120_000);
});

const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_S * 1000).toISOString().slice(0, 10);

describe('two collections at once', () => {
  it("a late run beside the next day's run: every post keeps every day's reading of both", async () => {
    const now = clockNow();
    const tomorrow = new Date(now.getTime() + DAY_S * 1000);
    // Six posts of the last days, each with readings of its own earlier days already stored.
    const made = [];
    for (let k = 0; k < 6; k++) {
      const at = new Date(now.getTime() - (k + 3) * DAY_S * 1000 - 3600_000);
      const { id } = await publishedOnLinkedIn(sandbox, { companyId, organization, at, label: `race-${k}` });
      const reading = (day: number) => ({
        day,
        at: new Date(at.getTime() + day * DAY_S * 1000 + 60_000).toISOString(),
        likes: day,
        comments: 0,
        shares: 0,
        impressions: 10,
        reach: 5,
      });
      await postReadings.put({
        companyId,
        postId: id,
        platform: 'linkedin',
        publishedAt: at.toISOString(),
        readings: [reading(0), reading(k + 1)],
        frozen: false,
      });
      made.push({ id, days: [0, k + 1, k + 3, k + 4] });
    }
    // LinkedIn's first answers to each run come slowly, so both have read the stored readings
    // before either writes (each run reads every LinkedIn post of the file's company, more than these).
    for (let i = 0; i < 2 * 4; i++) {
      await failNext(sandbox, { path: '/linkedin-api/rest/organizationalEntityShareStatistics', delayMs: 300 });
    }
    const [today, late] = await Promise.all([
      collectPostFigures(companyId, now),
      collectPostFigures(companyId, tomorrow),
    ]);
    expect([today.linkedin, late.linkedin]).toEqual(['collected', 'collected']);
    const period = `from=${addDays(now, -10)}&to=${addDays(now, 0)}&platforms=linkedin&limit=50`;
    const top = (await client.get<TopPosts>(`/api/reports/top-posts?${period}`)).body.linkedin ?? [];
    for (const { id, days } of made) {
      const figures = await figuresOf(id);
      expect(
        figures.readings.map((r) => r.day),
        `post ${id}`,
      ).toEqual(days);
      // The summary top posts read is made of the last reading, whichever run wrote last.
      expect(top.find((p) => p.postId === id)?.likes, `post ${id}`).toBe(figures.readings.at(-1)!.likes);
    }
  }, 120_000);
});
