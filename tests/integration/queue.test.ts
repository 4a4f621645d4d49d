import { beforeAll, describe, expect, it } from 'vitest';
import { localParts, nextDay, zonedInstant } from '@shared/calendar-time';
import { calendarMessages } from '@shared/schemas/calendar';
import { queueMessages } from '@shared/schemas/queue';
import { schedules } from '../../functions/core/scheduler/schedule-entity';
import { postScheduleName } from '../../functions/core/posts/post-schedule';
import { keys } from '../../functions/core/table/keys';
import { signedInUser, withKey, type TestClient } from '../support/api-client';
import { makePaid } from '../support/billing';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';
import { COPY } from './calendar-support';

beforeAll(() => {
  useSuiteRuntimeEnv();
});

interface ApiPost {
  id: number;
  platform: string;
  status: string;
  scheduledAt: string | null;
  version: number;
}
interface Queue {
  timeZone: string;
  platforms: { platform: string; slots: { at: string; post: ApiPost | null }[] }[];
}

const none = () => [[], [], [], [], [], [], []] as string[][];
const everyDay = (...times: string[]) => Array.from({ length: 7 }, () => [...times]);
const slotsWith = (spec: Partial<Record<string, string[][]>>) => ({
  facebook: none(),
  instagram: none(),
  threads: none(),
  linkedin: none(),
  wordpress: none(),
  ...spec,
});

async function paidCompany(label: string) {
  const user = await signedInUser(label);
  await makePaid(user.client);
  return user;
}

async function setSlots(client: TestClient, timeZone: string, slots: ReturnType<typeof slotsWith>) {
  const res = await client.put<{ moved?: number }>('/api/queue/settings', { timeZone, slots });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function draftGroup(client: TestClient, platforms: string[]) {
  const content = `${COPY} ${Math.random().toString(36).slice(2, 10)}`;
  const res = await client.post<ApiPost[]>('/api/calendar', { platforms, content, action: 'save' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function addToQueue(client: TestClient, posts: ApiPost[]) {
  const res = await client.post<ApiPost[]>('/api/queue', { postIds: posts.map((p) => p.id) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const read = async (client: TestClient, id: number) =>
  (await client.get<{ post: ApiPost }>(`/api/calendar/${id}/with-siblings`)).body.post;

/**
 * The slots a week of wall times gives after `from` in `zone`, soonest first: day by day, each
 * time made an instant there (the queue's own rule, written out plainly here).
 */
function expectedSlots(zone: string, week: string[][], from: Date, count: number): string[] {
  const out: string[] = [];
  let day = localParts(from, zone).day;
  for (let i = 0; out.length < count && i < 400; i++, day = nextDay(day)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    for (const time of [...(week[weekday] ?? [])].sort()) {
      const at = zonedInstant(day, time, zone);
      if (at.getTime() > from.getTime() + 60_000) out.push(at.toISOString());
    }
  }
  return out.slice(0, count);
}

/** The one-time schedule the post's publishing waits for, as the embedded runtime's scheduler holds it. */
const scheduleOf = async (companyId: number, postId: number) =>
  (await schedules.get(keys.schedule(postScheduleName(companyId, postId)), { consistent: true }))?.at;

describe('the posting queue', () => {
  it('Add to queue twice fills the next two free slots of each platform, as ordinary scheduled posts', async () => {
    const { client, companyId } = await paidCompany('queue-twice');
    const zone = 'Europe/Lisbon';
    const fb = everyDay('09:00', '17:00');
    const li = everyDay('10:30');
    await setSlots(client, zone, slotsWith({ facebook: fb, linkedin: li }));
    const first = await draftGroup(client, ['facebook', 'linkedin']);
    const second = await draftGroup(client, ['facebook', 'linkedin']);
    const now = new Date();
    const a = await addToQueue(client, first);
    const b = await addToQueue(client, second);
    const [fb1, fb2] = expectedSlots(zone, fb, now, 2);
    const [li1, li2] = expectedSlots(zone, li, now, 2);
    expect(a.map((p) => [p.platform, p.status, p.scheduledAt])).toEqual([
      ['facebook', 'scheduled', fb1],
      ['linkedin', 'scheduled', li1],
    ]);
    expect(b.map((p) => [p.platform, p.scheduledAt])).toEqual([
      ['facebook', fb2],
      ['linkedin', li2],
    ]);
    // The same schedule as any scheduled post's.
    for (const post of [...a, ...b]) expect(await scheduleOf(companyId, post.id)).toBe(post.scheduledAt);

    // Adding the same group again moves nothing.
    const again = await addToQueue(client, first);
    expect(again.map((p) => p.scheduledAt)).toEqual([fb1, li1]);

    const view = await client.get<Queue>('/api/queue');
    expect(view.status).toBe(200);
    const facebook = view.body.platforms.find((p) => p.platform === 'facebook')!;
    expect(facebook.slots.filter((s) => s.post).map((s) => [s.at, s.post!.id])).toEqual([
      [fb1, first[0]!.id],
      [fb2, second[0]!.id],
    ]);
    expect(facebook.slots.some((s) => !s.post)).toBe(true);
  });

  it('reorder swaps two queued posts between their slots, schedules and all; removing one frees its slot', async () => {
    const { client, companyId } = await paidCompany('queue-reorder');
    const week = everyDay('08:15');
    await setSlots(client, 'America/New_York', slotsWith({ threads: week }));
    const [p1] = await addToQueue(client, await draftGroup(client, ['threads']));
    const [p2] = await addToQueue(client, await draftGroup(client, ['threads']));
    const [s1, s2] = [p1!.scheduledAt, p2!.scheduledAt];

    const swapped = await client.post<ApiPost[]>('/api/queue/reorder', {
      platform: 'threads',
      postIds: [p2!.id, p1!.id],
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.map((p) => [p.id, p.scheduledAt])).toEqual([
      [p2!.id, s1],
      [p1!.id, s2],
    ]);
    expect((await read(client, p1!.id)).scheduledAt).toBe(s2);
    expect((await read(client, p2!.id)).scheduledAt).toBe(s1);
    expect(await scheduleOf(companyId, p1!.id)).toBe(s2);
    expect(await scheduleOf(companyId, p2!.id)).toBe(s1);

    // An order made from a queue that has changed since is refused whole.
    const stale = await client.post('/api/queue/reorder', { platform: 'threads', postIds: [p1!.id, 999_999_999] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(queueMessages.changed);

    const removed = await client.delete<ApiPost>(`/api/queue/${p2!.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ status: 'draft', scheduledAt: null });
    expect(await scheduleOf(companyId, p2!.id)).toBeUndefined();
    const [p3] = await addToQueue(client, await draftGroup(client, ['threads']));
    expect(p3!.scheduledAt).toBe(s1);
  });

  it('a slot change moves queued posts into the new slots in their order', async () => {
    const { client, companyId } = await paidCompany('queue-change');
    const zone = 'Asia/Tokyo';
    await setSlots(client, zone, slotsWith({ facebook: everyDay('07:00') }));
    const [p1] = await addToQueue(client, await draftGroup(client, ['facebook']));
    const [p2] = await addToQueue(client, await draftGroup(client, ['facebook']));
    const now = new Date();
    const week = everyDay('19:45');
    const saved = await setSlots(client, zone, slotsWith({ facebook: week }));
    expect(saved.moved).toBe(2);
    const [n1, n2] = expectedSlots(zone, week, now, 2);
    expect((await read(client, p1!.id)).scheduledAt).toBe(n1);
    expect((await read(client, p2!.id)).scheduledAt).toBe(n2);
    expect(await scheduleOf(companyId, p2!.id)).toBe(n2);
  });

  it('keeps slots at their local time across the next daylight-saving change of the zone', async () => {
    const { client } = await paidCompany('queue-dst');
    const now = new Date();
    const { zone, change } = nearestChange(now);
    // One slot a week, on the weekday after the change, at a time that is not in the skipped hour.
    const weekday = new Date(change.getTime() + 86_400_000);
    const localDay = localParts(weekday, zone).day;
    const week = none();
    week[new Date(`${localDay}T12:00:00Z`).getUTCDay()] = ['09:00'];
    await setSlots(client, zone, slotsWith({ linkedin: week }));
    const queued: ApiPost[] = [];
    while (!queued.length || Date.parse(queued.at(-1)!.scheduledAt!) < change.getTime()) {
      expect(queued.length, 'weeks to the change').toBeLessThan(30);
      queued.push(...(await addToQueue(client, await draftGroup(client, ['linkedin']))));
    }
    for (const post of queued) expect(localParts(post.scheduledAt!, zone).time, post.scheduledAt!).toBe('09:00');
    const offset = (iso: string) => Date.parse(iso) - Date.parse(`${localParts(iso, zone).day}T09:00:00Z`);
    expect(offset(queued.at(-1)!.scheduledAt!)).not.toBe(offset(queued[0]!.scheduledAt!));
  }, 120_000);

  it('two Add to queue at once never share a slot', async () => {
    const { client } = await paidCompany('queue-race');
    const zone = 'UTC';
    const week = everyDay('06:00', '12:00', '18:00');
    await setSlots(client, zone, slotsWith({ instagram: none(), facebook: week }));
    const groups = await Promise.all(Array.from({ length: 6 }, () => draftGroup(client, ['facebook'])));
    const now = new Date();
    const answers = await Promise.all(groups.map((g) => client.post<ApiPost[]>('/api/queue', { postIds: [g[0]!.id] })));
    expect(answers.map((a) => a.status)).toEqual(groups.map(() => 200));
    const times = answers.map((a) => a.body[0]!.scheduledAt!).sort();
    expect(times).toEqual(expectedSlots(zone, week, now, 6));
    // The same group twice at once: one slot.
    const twice = await draftGroup(client, ['facebook']);
    const both = await Promise.all([addToQueue(client, twice), addToQueue(client, twice)]);
    expect(both[0][0]!.scheduledAt).toBe(both[1][0]!.scheduledAt);
    const view = await client.get<Queue>('/api/queue');
    const held = view.body.platforms.find((p) => p.platform === 'facebook')!.slots.filter((s) => s.post);
    expect(held).toHaveLength(7);
  });

  it('refuses a free plan with the upgrade answer, and a company without slots for a platform', async () => {
    const { client } = await signedInUser('queue-free');
    const [post] = await draftGroup(client, ['facebook']);
    const add = await client.post('/api/queue', { postIds: [post!.id] });
    expect(add.status).toBe(402);
    expect(add.body.code).toBe('UPGRADE_REQUIRED');
    const save = await client.put('/api/queue/settings', { timeZone: 'UTC', slots: slotsWith({}) });
    expect(save.status).toBe(402);
    expect((await client.post('/api/queue/reorder', { platform: 'facebook', postIds: [post!.id] })).status).toBe(402);
    expect((await read(client, post!.id)).status).toBe('draft');

    const paid = await paidCompany('queue-noslots');
    await setSlots(paid.client, 'UTC', slotsWith({}));
    const [other] = await draftGroup(paid.client, ['wordpress']);
    const refused = await paid.client.post('/api/queue', { postIds: [other!.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(queueMessages.noSlots('wordpress'));
  });

  it('a demo company has a queue: its scheduled sample posts wait in its slots, and it may reorder them', async () => {
    const { client } = await signedInUser('queue-demo');
    const made = await client.post<{ id: number }>('/api/company', { name: 'Demo', demo: true });
    expect(made.status).toBe(201);
    client.cookies.set('COMPANY_ID', String(made.body.id));
    let view: Queue | undefined;
    const held = () => view?.platforms.find((p) => p.platform === 'facebook')?.slots.filter((s) => s.post) ?? [];
    for (let i = 0; i < 240 && held().length < 2; i++) {
      view = (await client.get<Queue>('/api/queue')).body;
      if (held().length < 2) await new Promise((r) => setTimeout(r, 250));
    }
    expect(view?.timeZone).toBe('UTC');
    const [a, b] = held();
    expect(a?.post?.status).toBe('scheduled');
    expect(localParts(a!.at, 'UTC').time).toBe('09:30');
    const swapped = await client.post<ApiPost[]>('/api/queue/reorder', {
      platform: 'facebook',
      postIds: [b!.post!.id, a!.post!.id],
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.map((p) => p.scheduledAt)).toEqual([a!.at, b!.at]);
    // Adding is scheduling, which a demo never does.
    const [post] = await draftGroup(client, ['facebook']);
    const add = await client.post('/api/queue', { postIds: [post!.id] });
    expect(add.status).toBe(422);
    expect(add.body.message).toBe(calendarMessages.demoNoPublishing);
  }, 90_000);

  it('the public API adds to the queue with a write key and reads it with a read key', async () => {
    const { client } = await paidCompany('queue-api');
    await setSlots(client, 'UTC', slotsWith({ linkedin: everyDay('07:45') }));
    const keyOf = async (scope: 'read' | 'write') => {
      const made = await client.post<{ secret: string }>('/api/public/keys', { name: `queue ${scope}`, scope });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return withKey(made.body.secret);
    };
    const [writer, reader] = [await keyOf('write'), await keyOf('read')];
    const [post] = await draftGroup(client, ['linkedin']);
    expect((await reader.post('/queue', { postIds: [post!.id] })).status).toBe(403);
    const added = await writer.post('/queue', { postIds: [post!.id] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [queued] = added.body as ApiPost[];
    expect(localParts(queued!.scheduledAt!, 'UTC').time).toBe('07:45');
    const view = await reader.get('/queue');
    expect(view.status).toBe(200);
    const linkedin = (view.body as Queue).platforms.find((p) => p.platform === 'linkedin')!;
    expect(linkedin.slots.find((s) => s.post)?.post?.id).toBe(post!.id);
  });

  it("a member of another company cannot touch the queue's posts", async () => {
    const owner = await paidCompany('queue-owner');
    await setSlots(owner.client, 'UTC', slotsWith({ facebook: everyDay('10:00') }));
    const [post] = await addToQueue(owner.client, await draftGroup(owner.client, ['facebook']));
    const stranger = await paidCompany('queue-stranger');
    await setSlots(stranger.client, 'UTC', slotsWith({ facebook: everyDay('10:00') }));
    expect((await stranger.client.post('/api/queue', { postIds: [post!.id] })).status).toBe(404);
    expect((await stranger.client.delete(`/api/queue/${post!.id}`)).status).toBe(404);
    const reorder = await stranger.client.post('/api/queue/reorder', { platform: 'facebook', postIds: [post!.id] });
    expect(reorder.status).toBe(409);
    const view = await stranger.client.get<Queue>('/api/queue');
    expect(view.body.platforms.flatMap((p) => p.slots).filter((s) => s.post)).toEqual([]);
    // With the owner's company named in the cookie, the stranger is no member of it.
    stranger.client.cookies.set('COMPANY_ID', String(owner.companyId));
    expect((await stranger.client.get('/api/queue')).status).toBe(403);
    expect((await read(owner.client, post!.id)).scheduledAt).toBe(post!.scheduledAt);
  });
});

/** Of a few zones with daylight saving, the one whose next change comes first after `now`, and when it comes. */
function nearestChange(now: Date): { zone: string; change: Date } {
  const zones = ['Europe/Lisbon', 'America/New_York', 'Australia/Sydney', 'Pacific/Auckland', 'America/Santiago'];
  const offsetAt = (zone: string, at: number) => {
    const { day, time } = localParts(new Date(at), zone);
    return Date.parse(`${day}T${time}:00Z`) - Math.floor(at / 60_000) * 60_000;
  };
  let best: { zone: string; change: Date } | undefined;
  for (const zone of zones) {
    const start = offsetAt(zone, now.getTime());
    for (let h = 1; h < 24 * 200; h++) {
      const at = now.getTime() + h * 3600_000;
      if (offsetAt(zone, at) !== start) {
        if (!best || at < best.change.getTime()) best = { zone, change: new Date(at) };
        break;
      }
    }
  }
  if (!best) throw new Error('no daylight-saving change within 200 days');
  return best;
}
