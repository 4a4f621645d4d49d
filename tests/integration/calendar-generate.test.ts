import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { checkPost } from '@shared/platform-rules';
import { calendarMessages, type Post } from '@shared/schemas/calendar';
import { generateMessages } from '@shared/schemas/calendar-generate';
import { signedInUser, TestClient } from '../support/api-client';

/**
 * AI generation into the calendar (POST /api/calendar/generate and /generate/blog) against the
 * suite's runtime: its jobs run by the embedded workflow engine with the offline AI.
 */

const ZONE = 'Europe/Lisbon';
const localDay = (offset: number, zone = ZONE) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + offset * 86_400_000));
const dayOf = (instant: string, zone = ZONE) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(instant));

async function settle(client: TestClient, uuid: string, timeoutMs = 50_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/lrp/${uuid}`);
    if (res.status !== 202) return res;
    if (Date.now() > until) throw new Error(`job ${uuid} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function generate(client: TestClient, path: string, body: Record<string, unknown>) {
  const started = await client.post(path, body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toEqual({ status: 'running', uuid: expect.any(String) });
  const done = await settle(client, started.body.uuid as string);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { uuid: started.body.uuid as string, result: done.body as { created: number; ids: number[]; days: string[] } };
}

async function postsIn(client: TestClient, from: string, to: string): Promise<Post[]> {
  const res = await client.get(`/api/calendar/list/range?zone=${encodeURIComponent(ZONE)}&from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  return res.body as Post[];
}

async function business(label: string, name: string, description: string) {
  const user = await signedInUser(label);
  const saved = await user.client.patch('/api/company/company', {
    name,
    description,
    customers: 'Families and young professionals nearby who want something good without the fuss.',
    why: 'Because a neighbourhood deserves a place that does one thing really well.',
    tone: 'Warm and friendly',
    voice: 'First person plural, speaking to the customer as "you".',
    locations: ['Lisbon'],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return user;
}

const expect422 = (res: { status: number; body: { message: string } }, message: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.message).toBe(message);
};

describe('POST /api/calendar/generate refusals', () => {
  it('answers each bad form with the spec sentence, before any job starts', async () => {
    const { client } = await signedInUser('gen-refuse');
    const ok = { platform: ['facebook'], from: localDay(1), to: localDay(3), zone: ZONE };
    const post = (body: Record<string, unknown>, path = '/api/calendar/generate') => client.post(path, body);

    expect422(await post({ ...ok, platform: [] }), calendarMessages.platformsRequired);
    expect422(await post({ from: ok.from, to: ok.to, zone: ZONE }), calendarMessages.platformsRequired);
    expect422(await post({ ...ok, from: undefined }), generateMessages.dateRangeRequired);
    expect422(await post({ ...ok, to: '' }), generateMessages.dateRangeRequired);
    expect422(await post({ ...ok, platform: ['facebook', 'facebook'] }), calendarMessages.platformsRepeated);
    expect422(await post({ ...ok, platform: ['wordpress'] }), generateMessages.socialOnly);
    expect422(await post({ ...ok }, '/api/calendar/generate/blog'), generateMessages.blogOnly);
    expect422(await post({ ...ok, from: localDay(3), to: localDay(1) }), calendarMessages.rangeInvalid);
    expect422(await post({ ...ok, from: '2026-02-30' }), calendarMessages.dayInvalid);
    expect422(await post({ ...ok, zone: 'Mars/Olympus' }), calendarMessages.zoneInvalid);
    // Today up to 45 days ahead, today being the client's own day.
    expect422(await post({ ...ok, from: localDay(-1), to: localDay(2) }), generateMessages.outsideWindow);
    expect422(await post({ ...ok, from: localDay(40), to: localDay(46) }), generateMessages.outsideWindow);
    expect422(await post({ ...ok, specialInstructions: 'x'.repeat(2001) }), generateMessages.noteTooLong);
    expect((await post({ ...ok, platform: ['myspace'] })).status).toBe(422);

    // Nothing was written by any of them.
    expect(await postsIn(client, localDay(-1), localDay(45))).toEqual([]);
    // Signed out: no job at all.
    expect((await new TestClient().post('/api/calendar/generate', ok)).status).toBe(401);
  });

  it('accepts today and the 45th day ahead as the bounds', async () => {
    const { client } = await signedInUser('gen-bounds');
    const res = await client.post('/api/calendar/generate/blog', {
      platform: ['custom-blog'],
      from: localDay(0),
      to: localDay(45),
      zone: ZONE,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect((await settle(client, res.body.uuid as string)).status).toBe(200);
  });
});

describe('the attack generation invites: starting it over and over', () => {
  it('counts starts per company: the eleventh within the hour is a 429 with the sentence, and starts nothing', async () => {
    const { client } = await signedInUser('gen-flood');
    const body = { platform: ['custom-blog'], from: localDay(1), to: localDay(1), zone: ZONE };
    const uuids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/calendar/generate/blog', body);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      uuids.push(res.body.uuid as string);
    }
    const refused = await client.post('/api/calendar/generate', { ...body, platform: ['facebook'] });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.tooManyRequests);
    for (const uuid of uuids) expect((await settle(client, uuid)).status).toBe(200);
    expect(await postsIn(client, localDay(1), localDay(1))).toHaveLength(10);
    // Another company is counted on its own.
    const other = await signedInUser('gen-flood-other');
    expect((await other.client.post('/api/calendar/generate/blog', body)).status).toBe(202);
  });
});

describe('generated social drafts', () => {
  it('puts one distinct draft per platform on every day of the range, each passing its rules', async () => {
    const { client } = await business(
      'gen-week',
      'Harbour Lane Coffee',
      'Harbour Lane Coffee roasts single-origin beans every morning and serves espresso, pastries and brunch by the river in Lisbon.',
    );
    const from = localDay(1);
    const to = localDay(7);
    const { result } = await generate(client, '/api/calendar/generate', {
      platform: ['facebook', 'threads'],
      specialInstructions: 'Please mention our new oat milk flat white.',
      exclusions: 'Do not mention prices',
      from,
      to,
      zone: ZONE,
    });
    expect(result.created).toBe(14);
    expect(result.days).toHaveLength(7);

    const posts = await postsIn(client, from, to);
    expect(posts.map((p) => p.id).sort()).toEqual([...result.ids].sort());
    for (const platform of ['facebook', 'threads'] as const) {
      const mine = posts.filter((p) => p.platform === platform);
      // One a day, on each of the seven days.
      expect(new Set(mine.map((p) => dayOf(p.date))).size, platform).toBe(7);
      expect(mine.map((p) => dayOf(p.date)).sort()).toEqual(result.days);
    }
    for (const post of posts) {
      expect(post.status).toBe('draft');
      expect(post.scheduledAt).toBe(post.date);
      expect(post.error, post.content).toBeNull();
      expect(checkPost(post).valid, post.content).toBe(true);
      expect(post.content.toLowerCase()).not.toContain('price');
    }
    const normal = posts.map((p) => p.content.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''));
    expect(new Set(normal).size).toBe(posts.length);
    expect(posts.every((p) => p.content.includes('Harbour Lane Coffee'))).toBe(true);
    expect(posts.some((p) => p.content.toLowerCase().includes('oat milk flat white'))).toBe(true);
  });

  it('gives every Instagram draft an image from the library, so it passes the one-image rule', async () => {
    const { client } = await business(
      'gen-insta',
      'Pedal & Spoke Repairs',
      'Pedal & Spoke Repairs fixes, tunes and services bikes of every kind while you wait, with honest advice and fair quotes.',
    );
    const { result } = await generate(client, '/api/calendar/generate', {
      platform: ['instagram'],
      from: localDay(2),
      to: localDay(3),
      zone: ZONE,
    });
    const posts = await postsIn(client, localDay(2), localDay(3));
    expect(posts).toHaveLength(2);
    expect(result.created).toBe(2);
    for (const post of posts) {
      expect(post.files).toHaveLength(1);
      expect(post.error).toBeNull();
    }
    const files = await client.post('/api/content/files/batch', { ids: posts.flatMap((p) => p.files) });
    expect(files.status).toBe(200);
    expect((files.body as { isUsed: boolean }[]).map((f) => f.isUsed)).toEqual([true, true]);
  });

  it('writes different copy for two companies, each naming its own business', async () => {
    const a = await business(
      'gen-a',
      'Rosa Sourdough Bakery',
      'Rosa Sourdough Bakery bakes slow-fermented loaves, cardamom buns and celebration cakes every morning for the neighbourhood.',
    );
    const b = await business(
      'gen-b',
      'Northside Physio Clinic',
      'Northside Physio Clinic helps runners, office workers and older adults recover from injury and move without pain again.',
    );
    const body = { platform: ['linkedin'], from: localDay(5), to: localDay(6), zone: ZONE };
    await generate(a.client, '/api/calendar/generate', body);
    await generate(b.client, '/api/calendar/generate', body);
    const postsA = await postsIn(a.client, localDay(5), localDay(6));
    const postsB = await postsIn(b.client, localDay(5), localDay(6));
    expect(postsA).toHaveLength(2);
    expect(postsB).toHaveLength(2);
    expect(postsA.every((p) => p.content.includes('Rosa Sourdough Bakery'))).toBe(true);
    expect(postsB.every((p) => p.content.includes('Northside Physio Clinic'))).toBe(true);
    expect(postsA.some((p) => p.content.includes('Northside'))).toBe(false);
    expect(postsB.some((p) => p.content.includes('Rosa'))).toBe(false);
    for (const pa of postsA) for (const pb of postsB) expect(pa.content).not.toBe(pb.content);
  });
});

describe('generated blog drafts', () => {
  it('writes titled blog drafts, one a week, within the blog rules', async () => {
    const { client } = await business(
      'gen-blog',
      'Greenleaf Garden Studio',
      'Greenleaf Garden Studio designs and plants small city gardens, balconies and courtyards that look good all year round.',
    );
    const from = localDay(1);
    const to = localDay(14);
    const { result } = await generate(client, '/api/calendar/generate/blog', {
      platform: ['wordpress', 'custom-blog'],
      from,
      to,
      zone: ZONE,
    });
    expect(result.created).toBe(4);
    const posts = await postsIn(client, from, to);
    expect(posts).toHaveLength(4);
    for (const post of posts) {
      expect(post.subject?.length, post.subject ?? '').toBeGreaterThanOrEqual(80);
      expect(post.subject?.length).toBeLessThanOrEqual(300);
      expect(post.error).toBeNull();
      expect(post.status).toBe('draft');
    }
    expect(new Set(posts.map((p) => p.subject)).size).toBe(4);
    expect(new Set(posts.map((p) => p.content)).size).toBe(4);
  });
});

describe('tenant isolation', () => {
  it("a stranger cannot poll another company's generation job, and sees none of its drafts", async () => {
    const owner = await business(
      'gen-owner',
      'Quayside Yoga Loft',
      'Quayside Yoga Loft runs small yoga and pilates classes for beginners and regulars, mornings and evenings, by the harbour.',
    );
    const stranger = await signedInUser('gen-stranger');
    const { uuid } = await generate(owner.client, '/api/calendar/generate', {
      platform: ['facebook'],
      from: localDay(1),
      to: localDay(1),
      zone: ZONE,
    });
    const poll = await stranger.client.get(`/api/lrp/${uuid}`);
    expect(poll.status).toBe(404);
    expect(JSON.stringify(poll.body)).not.toContain('Quayside');
    expect(await postsIn(stranger.client, localDay(0), localDay(2))).toEqual([]);
    // Nor can the stranger start a job that writes into the owner's company: the cookie decides, and it is checked.
    stranger.client.cookies.set('COMPANY_ID', String(owner.companyId));
    const forged = await stranger.client.post('/api/calendar/generate', {
      platform: ['facebook'],
      from: localDay(1),
      to: localDay(1),
      zone: ZONE,
    });
    expect(forged.status).toBe(403);
    expect((await postsIn(owner.client, localDay(1), localDay(1))).length).toBe(1);
  });
});
