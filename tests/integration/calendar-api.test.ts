import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { calendarMessages } from '@shared/schemas/calendar';
import { signedInUser, teammate, type TestClient } from '../support/api-client';
import { COPY, uploadImage } from './calendar-support';
import { makePaid } from '../support/billing';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/** The /api/calendar area against the embedded runtime: every refusal with its sentence, and the attacks it invites. */

beforeAll(() => {
  // The publisher seam is called in-process, as the publishing workflow's worker will: same table.
  useSuiteRuntimeEnv();
});

const INSTAGRAM_NEEDS_MEDIA = 'Minimum number of images/videos per post is 1. Please attach at least 1 image/video.';
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function createGroup(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post('/api/calendar', { content: COPY, files: [], action: 'save', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; groupId: number; platform: string; status: string; error: string | null }[];
}

const expect422 = (res: { status: number; body: { message: string } }, message: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.message).toBe(message);
};

describe('creating posts', () => {
  it('makes one draft per platform, siblings of one group with positive consecutive ids', async () => {
    const { client } = await signedInUser('cal-create');
    const posts = await createGroup(client, { platforms: ['facebook', 'instagram', 'linkedin'] });
    expect(posts.map((p) => p.platform)).toEqual(['facebook', 'instagram', 'linkedin']);
    expect(posts.every((p) => p.status === 'draft' && p.groupId === posts[0]?.id)).toBe(true);
    const ids = posts.map((p) => p.id);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(ids).toEqual([ids[0], (ids[0] ?? 0) + 1, (ids[0] ?? 0) + 2]);
    // A draft may break its rules; it carries the sentence the calendar's red dot shows.
    expect(posts.map((p) => p.error)).toEqual([null, INSTAGRAM_NEEDS_MEDIA, null]);

    const group = await client.get(`/api/calendar/${posts[1]?.id}/with-siblings`);
    expect(group.status).toBe(200);
    expect(group.body.post.platform).toBe('instagram');
    expect(group.body.siblings.map((p: { platform: string }) => p.platform)).toEqual(['facebook', 'linkedin']);
  });

  it('refuses bad input with the spec sentences', async () => {
    const { client } = await signedInUser('cal-refuse');
    expect422(
      await client.post('/api/calendar', { platforms: [], content: COPY, action: 'save' }),
      calendarMessages.platformsRequired,
    );
    expect422(
      await client.post('/api/calendar', { content: COPY, action: 'save' }),
      calendarMessages.platformsRequired,
    );
    expect422(
      await client.post('/api/calendar', { platforms: ['facebook', 'wordpress'], content: COPY, action: 'save' }),
      calendarMessages.platformsMixed,
    );
    expect422(
      await client.post('/api/calendar', { platforms: ['facebook', 'facebook'], content: COPY, action: 'save' }),
      calendarMessages.platformsRepeated,
    );
    expect((await client.post('/api/calendar', { platforms: ['myspace'], content: COPY, action: 'save' })).status).toBe(
      422,
    );
    expect422(
      await client.post('/api/calendar', { platforms: ['facebook'], content: COPY, action: 'schedule' }),
      calendarMessages.scheduleNeedsTime,
    );
    expect422(
      await client.post('/api/calendar', {
        platforms: ['facebook'],
        content: COPY,
        action: 'schedule',
        scheduledAt: '2020-01-01T10:00:00.000Z',
      }),
      calendarMessages.scheduleInPast,
    );
    // Rules come before the plan: what to fix is said even without a plan.
    const short = await client.post('/api/calendar', {
      platforms: ['facebook'],
      content: 'Too short',
      action: 'schedule',
      scheduledAt: future(2),
    });
    expect422(short, 'Post copy content must be at least 80 characters long.');
    expect(short.body.errors).toEqual([
      { path: 'content', message: 'Post copy content must be at least 80 characters long.' },
    ]);
    const blog = await client.post('/api/calendar', {
      platforms: ['wordpress'],
      subject: 'Short title',
      content: COPY,
      action: 'publish',
    });
    expect422(blog, 'Blog title must be at least 80 characters long.');
    const tooLong = await client.post('/api/calendar', {
      platforms: ['threads'],
      content: 'x'.repeat(501),
      action: 'publish',
    });
    expect422(tooLong, 'Post copy content must be no longer than 500 characters.');
  });

  it('schedules and publishes only with a paid plan (402 UPGRADE_REQUIRED); saving needs none', async () => {
    const { client } = await signedInUser('cal-gate');
    for (const action of ['schedule', 'publish']) {
      const res = await client.post('/api/calendar', {
        platforms: ['facebook'],
        content: COPY,
        action,
        scheduledAt: future(3),
      });
      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({ code: 'UPGRADE_REQUIRED', message: messages.upgradeRequired });
    }
    // Nothing was written by the refused calls.
    expect((await client.get('/api/calendar/list')).body).toEqual([]);
    const [draft] = await createGroup(client, { platforms: ['facebook'] });
    const scheduled = await client.patch(`/api/calendar/${draft?.id}`, { action: 'schedule', scheduledAt: future(3) });
    expect(scheduled.status).toBe(402);
    expect(scheduled.body.code).toBe('UPGRADE_REQUIRED');
    const publish = await client.patch(`/api/calendar/${draft?.id}`, { action: 'publish' });
    expect(publish.status).toBe(402);
    const after = await client.get(`/api/calendar/${draft?.id}/with-siblings`);
    expect(after.body.post).toMatchObject({ status: 'draft', publish: false, version: 1 });
  });
});

describe('transitions on a paid plan', () => {
  it('draft → scheduled → publish now; published posts are locked; latest lists what is scheduled', async () => {
    const user = await signedInUser('cal-paid');
    await makePaid(user.client);
    const { client } = user;
    const [fb, li] = await createGroup(client, { platforms: ['facebook', 'linkedin'] });
    const at = future(5);
    const scheduled = await client.patch(`/api/calendar/${fb?.id}`, {
      action: 'schedule',
      scheduledAt: at,
      version: 1,
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledAt: at, publish: false, version: 2 });

    // Save keeps the state: a scheduled post stays scheduled, with its new copy.
    const edited = await client.patch(`/api/calendar/${fb?.id}`, { content: `${COPY} Edited.`, action: 'save' });
    expect(edited.body).toMatchObject({ status: 'scheduled', scheduledAt: at, content: `${COPY} Edited.` });
    // ...and a scheduled post cannot be saved into breaking its rules.
    expect422(
      await client.patch(`/api/calendar/${fb?.id}`, { content: 'short', action: 'save' }),
      'Post copy content must be at least 80 characters long.',
    );

    const latest = await client.get('/api/calendar/latest');
    expect(latest.body.map((p: { id: number }) => p.id)).toEqual([fb?.id]);

    const now = await client.patch(`/api/calendar/${li?.id}`, { action: 'publish' });
    expect(now.body).toMatchObject({ status: 'scheduled', scheduledAt: null, publish: true });
    expect((await client.get('/api/calendar/recent')).body).toEqual([]);
  });

  it('the publisher seam: claim once, then published (locked) or failed (red dot, can be retried)', async () => {
    const { client, companyId } = await signedInUser('cal-publish');
    await makePaid(client);
    const publishing = await import('../../functions/core/posts/post-claims');
    // Scheduled days ahead and claimed as if that time had come: Publish Now would start the real
    // publish workflow, which claims the post before this test could.
    const at = future(5);
    const due = new Date(Date.parse(at) + 1000);
    const [a, b] = await createGroup(client, {
      platforms: ['facebook', 'threads'],
      action: 'schedule',
      scheduledAt: at,
    });
    await expect(publishing.claimForPublishing(companyId, a?.id ?? 0)).rejects.toThrow(calendarMessages.notDue);
    await publishing.claimForPublishing(companyId, a?.id ?? 0, due);
    await expect(publishing.claimForPublishing(companyId, a?.id ?? 0, due)).rejects.toThrow(calendarMessages.notDue);
    await publishing.recordPublished(companyId, a?.id ?? 0, {
      publishedAt: new Date(),
      externalId: 'fb_1',
      permalink: 'https://facebook.example/p/1',
    });
    const published = await client.get(`/api/calendar/${a?.id}/with-siblings`);
    expect(published.body.post).toMatchObject({ status: 'published', permalink: 'https://facebook.example/p/1' });
    const locked = await client.patch(`/api/calendar/${a?.id}`, { content: `${COPY}!`, action: 'save' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(calendarMessages.publishedLocked);
    expect((await client.get('/api/calendar/recent?limit=1')).body.map((p: { id: number }) => p.id)).toEqual([a?.id]);

    await publishing.claimForPublishing(companyId, b?.id ?? 0, due);
    const busy = await client.delete(`/api/calendar/${b?.id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(calendarMessages.publishingLocked);
    await publishing.recordPublishFailure(companyId, b?.id ?? 0, 'Threads refused the post: reconnect Threads.');
    const failed = (await client.get(`/api/calendar/${b?.id}/with-siblings`)).body.post;
    expect(failed).toMatchObject({ status: 'failed', error: 'Threads refused the post: reconnect Threads.' });
    const retried = await client.patch(`/api/calendar/${b?.id}`, { action: 'publish' });
    expect(retried.body).toMatchObject({ status: 'scheduled', publish: true, error: null });
  });
});

describe('claims are leases', () => {
  it('an ended lease is taken over; the run that lost it can neither fail nor publish the post', async () => {
    const { client, companyId } = await signedInUser('cal-lease');
    await makePaid(client);
    const publishing = await import('../../functions/core/posts/post-claims');
    const store = await import('../../functions/core/posts/post-store');
    const steps = await import('../../functions/core/publishing/publish-steps');
    const [post] = await createGroup(client, { platforms: ['facebook'], action: 'schedule', scheduledAt: future(5) });
    const id = post?.id ?? 0;
    const due = new Date(Date.now() + 6 * 86_400_000);
    const first = await publishing.claimForPublishing(companyId, id, due);
    expect(first.takenOverSince).toBeUndefined();
    // While its lease holds, nobody else may claim it.
    await expect(publishing.claimForPublishing(companyId, id, due)).rejects.toThrow(calendarMessages.notDue);

    // The run is lost: its lease ends.
    const ended = await store.writePost(
      { ...first.post, leaseUntil: new Date(Date.now() - 1000).toISOString(), version: first.post.version + 1 },
      first.post.version,
    );
    const second = await publishing.claimForPublishing(companyId, id, due);
    // The takeover keeps the first claim's time, for the lookup on the platform.
    expect(second.takenOverSince).toBe(first.post.updatedAt);
    expect(second.post.updatedAt).toBe(first.post.updatedAt);
    expect(Date.parse(second.post.leaseUntil ?? '')).toBeGreaterThan(Date.now());

    // The lost run wakes up: its failure is not recorded, its steps stop.
    await steps.failPublish({ companyId, postId: id }, 'A lost run failed', ended.version);
    expect((await store.getPost(companyId, id)).status).toBe('in-progress');
    expect(await steps.sendPublish({ companyId, postId: id }, { next: 'send', claimedVersion: ended.version })).toEqual(
      {
        next: 'skip',
      },
    );
    // The run that holds the claim ends it.
    await steps.failPublish({ companyId, postId: id }, 'The holder failed', second.post.version);
    expect(await store.getPost(companyId, id)).toMatchObject({ status: 'failed', failure: 'The holder failed' });
  });
});

describe('two members editing one post at once', () => {
  it('the second save of the same version is a 409 and the first one is kept', async () => {
    const owner = await signedInUser('cal-race');
    const member = (await teammate(owner)).client;
    const [post] = await createGroup(owner.client, { platforms: ['facebook'] });
    const mine = `${COPY} Owner's words.`;
    const theirs = `${COPY} Member's words.`;
    const [a, b] = await Promise.all([
      owner.client.patch(`/api/calendar/${post?.id}`, { content: mine, version: 1 }),
      member.patch(`/api/calendar/${post?.id}`, { content: theirs, version: 1 }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.status === 200 ? mine : theirs;
    const loser = a.status === 200 ? b : a;
    expect(loser.body.message).toBe('This was changed by someone else a moment ago. Reload the page and try again.');
    const stored = (await member.get(`/api/calendar/${post?.id}/with-siblings`)).body.post;
    expect(stored).toMatchObject({ content: winner, version: 2 });
    // Reloaded, the loser saves on top of the winner's version.
    const again = await (a.status === 200 ? member : owner.client).patch(`/api/calendar/${post?.id}`, {
      content: `${winner} And more.`,
      version: 2,
    });
    expect(again.status).toBe(200);
    expect(again.body.content).toBe(`${winner} And more.`);
  });
});

describe("another company's posts and media", () => {
  it('are 404 (posts) or left out (batch) everywhere, and its media ids are refused', async () => {
    const a = await signedInUser('cal-owner');
    const b = await signedInUser('cal-stranger');
    const [post] = await createGroup(a.client, { platforms: ['facebook', 'linkedin'] });
    const id = post?.id ?? 0;
    for (const res of [
      await b.client.get(`/api/calendar/${id}/with-siblings`),
      await b.client.patch(`/api/calendar/${id}`, { content: `${COPY} hijacked`, action: 'save' }),
      await b.client.delete(`/api/calendar/${id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(calendarMessages.postNotFound);
    }
    expect((await b.client.post('/api/calendar/batch', { ids: [id, id + 1] })).body).toEqual([]);
    expect((await b.client.get('/api/calendar/list')).body).toEqual([]);
    const mine = await a.client.post('/api/calendar/batch', { ids: [id + 1, id] });
    expect(mine.body.map((p: { id: number }) => p.id)).toEqual([id + 1, id]);
    expect((await a.client.get(`/api/calendar/${id}/with-siblings`)).body.post.content).toBe(COPY);

    const theirImage = await uploadImage(b.client);
    const refused = await a.client.post('/api/calendar', {
      platforms: ['instagram'],
      content: COPY,
      files: [theirImage],
      action: 'save',
    });
    expect422(refused, messages.mediaNotOfCompany);
    expect422(
      await a.client.patch(`/api/calendar/${id}`, { files: [theirImage], action: 'save' }),
      messages.mediaNotOfCompany,
    );
  });

  it('own media: attached files count as used until no post shows them', async () => {
    const { client } = await signedInUser('cal-media');
    const image = await uploadImage(client);
    const posts = await createGroup(client, { platforms: ['facebook', 'instagram'], files: [image] });
    expect(posts.map((p) => p.error)).toEqual([null, null]);
    const isUsed = async () =>
      ((await client.post('/api/content/files/batch', { ids: [image] })).body as { isUsed: boolean }[])[0]?.isUsed;
    expect(await isUsed()).toBe(true);
    const [fb, ig] = posts;
    const removed = await client.patch(`/api/calendar/${ig?.id}`, { files: [], action: 'save' });
    expect(removed.body.error).toBe(INSTAGRAM_NEEDS_MEDIA);
    expect(await isUsed()).toBe(true);
    expect((await client.delete(`/api/calendar/${fb?.id}`)).status).toBe(204);
    expect(await isUsed()).toBe(false);
  });
});

describe('a post and the file it uses', () => {
  it('cannot be split by a race: a post never shows a deleted file (25 rounds)', async () => {
    const { client } = await signedInUser('cal-file-race');
    for (let round = 0; round < 25; round++) {
      const file = await uploadImage(client, `race-${round}.png`);
      const content = `${COPY} ${round}`;
      const [created, deleted] = await Promise.all([
        client.post('/api/calendar', { platforms: ['facebook'], content, files: [file], action: 'save' }),
        client.delete(`/api/content/${file}`),
      ]);
      const exists = await client.post('/api/content/files/batch', { ids: [file] });
      const fileAlive = (exists.body as unknown[]).length === 1;
      if (created.status === 201) {
        // The post won: it shows a file that is still there, which the library refused to delete.
        expect(deleted.status, `round ${round}`).toBe(409);
        expect(fileAlive, `round ${round}`).toBe(true);
        const post = await client.get(`/api/calendar/${created.body[0].id}/with-siblings`);
        expect(post.body.post.files).toEqual([file]);
      } else {
        // The delete won: the post was refused, said so, and was not written.
        expect(created.status, `round ${round}`).toBe(422);
        expect(created.body.message).toBe(messages.mediaNotOfCompany);
        expect(deleted.status, `round ${round}`).toBe(204);
        expect(fileAlive, `round ${round}`).toBe(false);
        const every = (await client.get('/api/calendar/list')).body as { content: string }[];
        expect(
          every.some((p) => p.content === content),
          `round ${round}`,
        ).toBe(false);
      }
    }
  });
});

describe('ranges in the client zone', () => {
  it('a local day is its own hours across DST; delete scheduled only takes scheduled posts in range', async () => {
    const { client } = await signedInUser('cal-range');
    // London, 29 March 2026: clocks go forward at 01:00 UTC, so the day is 00:00Z to 23:00Z.
    const at = async (iso: string) =>
      (await createGroup(client, { platforms: ['facebook'], scheduledAt: iso }))[0]?.id ?? 0;
    const before = await at('2026-03-28T23:30:00.000Z'); // 28 March, 23:30 GMT
    const first = await at('2026-03-29T00:00:00.000Z'); // 29 March, 00:00 GMT
    const last = await at('2026-03-29T22:59:00.000Z'); // 29 March, 23:59 BST
    const after = await at('2026-03-29T23:00:00.000Z'); // 30 March, 00:00 BST (still the 29th in UTC)
    const day = await client.get('/api/calendar/list/range?zone=Europe/London&from=2026-03-29&to=2026-03-29');
    expect(day.status).toBe(200);
    expect(day.body.map((p: { id: number }) => p.id)).toEqual([first, last]);
    const utc = await client.get('/api/calendar/list/range?zone=UTC&from=2026-03-29&to=2026-03-29');
    expect(utc.body.map((p: { id: number }) => p.id)).toEqual([first, last, after]);
    const month = await client.get('/api/calendar/list/range?zone=Europe/London&from=2026-03-01&to=2026-03-31');
    expect(month.body.map((p: { id: number }) => p.id)).toEqual([before, first, last, after]);

    const bad = async (query: string, message: string) =>
      expect422(await client.get(`/api/calendar/list/range?${query}`), message);
    await bad('zone=Mars/Olympus&from=2026-03-01&to=2026-03-31', calendarMessages.zoneInvalid);
    await bad('zone=UTC&from=2026-02-30&to=2026-03-31', calendarMessages.dayInvalid);
    await bad('zone=UTC&from=2026-03-31&to=2026-03-01', calendarMessages.rangeInvalid);
    await bad('zone=UTC&from=2026-01-01&to=2027-03-01', calendarMessages.rangeTooLong);

    // Delete scheduled: drafts in range stay; a scheduled post out of range stays.
    await makePaid(client);
    const scheduled = async (iso: string) =>
      (await createGroup(client, { platforms: ['linkedin'], scheduledAt: iso, action: 'schedule' }))[0]?.id ?? 0;
    const soon = new Date(Date.now() + 2 * 86_400_000);
    const later = new Date(Date.now() + 40 * 86_400_000);
    const inRange = await scheduled(soon.toISOString());
    const outOfRange = await scheduled(later.toISOString());
    const dayOf = (d: Date) => d.toISOString().slice(0, 10);
    const draftSoon = await at(soon.toISOString());
    const removed = await client.request('DELETE', '/api/calendar/delete/scheduled', {
      from: dayOf(new Date(soon.getTime() - 86_400_000)),
      to: dayOf(new Date(soon.getTime() + 86_400_000)),
      zone: 'UTC',
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ deleted: 1 });
    const left = (await client.post('/api/calendar/batch', { ids: [inRange, outOfRange, draftSoon] })).body;
    expect(left.map((p: { id: number }) => p.id)).toEqual([outOfRange, draftSoon]);
    expect422(
      await client.request('DELETE', '/api/calendar/delete/scheduled', { from: '2026-01-01', to: '2026-01-02' }),
      'Invalid input: expected string, received undefined',
    );
  });

  it('latest and recent take a limit of 1 to 100, 10 by default', async () => {
    const { client } = await signedInUser('cal-limit');
    expect((await client.get('/api/calendar/latest')).status).toBe(200);
    expect((await client.get('/api/calendar/latest?limit=0')).status).toBe(422);
    expect((await client.get('/api/calendar/recent?limit=101')).status).toBe(422);
    expect((await client.get('/api/calendar/recent?limit=ten')).status).toBe(422);
    expect((await client.post('/api/calendar/batch', { ids: [] })).status).toBe(422);
    expect((await client.get('/api/calendar/abc/with-siblings')).status).toBe(422);
    expect((await client.get('/api/calendar/999999999/with-siblings')).status).toBe(404);
  });
});
