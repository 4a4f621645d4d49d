import { beforeAll, describe, expect, it } from 'vitest';
import { addNotification } from '../../functions/core/notifications/notification-store';
import { signedInUser } from '../support/api-client';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

beforeAll(() => {
  useSuiteRuntimeEnv();
});

const notice = (companyId: number, n: number, at: Date) =>
  addNotification(
    {
      companyId,
      kind: 'publish-failed',
      title: `Your Facebook post was not published (${n})`,
      message: `“Post ${n}”: Facebook is not answering right now. Please try again in a few minutes.`,
      postId: n,
      platform: 'facebook',
    },
    at,
  );

describe('notifications', () => {
  it('lists the company notices newest first with the unread count, and marks them read', async () => {
    const { client, companyId } = await signedInUser('notices');
    expect((await client.get('/api/notifications')).body).toEqual({ notifications: [], unread: 0 });
    const base = Date.now();
    const made = [];
    for (let n = 1; n <= 3; n++) made.push(await notice(companyId, n, new Date(base + n * 1000)));

    const list = (await client.get('/api/notifications')).body;
    expect(list.unread).toBe(3);
    expect(list.notifications.map((n: { postId: number }) => n.postId)).toEqual([3, 2, 1]);
    expect(list.notifications[0]).toMatchObject({ kind: 'publish-failed', platform: 'facebook', read: false });

    const one = await client.post('/api/notifications/read', { ids: [made[1]!.id] });
    expect(one.status).toBe(200);
    expect(one.body.unread).toBe(2);
    expect(one.body.notifications.find((n: { postId: number }) => n.postId === 2).read).toBe(true);

    const all = await client.post('/api/notifications/read', {});
    expect(all.body.unread).toBe(0);
    expect(all.body.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it("never shows or marks another company's notices, whatever ids or cookie are sent", async () => {
    const a = await signedInUser('notices-a');
    const b = await signedInUser('notices-b');
    const secret = await notice(a.companyId, 42, new Date());

    // B's own company: A's notice is not there, and marking A's id changes nothing.
    expect((await b.client.get('/api/notifications')).body.notifications).toEqual([]);
    const marked = await b.client.post('/api/notifications/read', { ids: [secret.id] });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ notifications: [], unread: 0 });
    expect((await a.client.get('/api/notifications')).body.unread).toBe(1);

    // B pointing its cookie at A's company is refused.
    b.client.cookies.set('COMPANY_ID', String(a.companyId));
    expect((await b.client.get('/api/notifications')).status).toBe(403);
    expect((await b.client.post('/api/notifications/read', { ids: [secret.id] })).status).toBe(403);
    expect((await a.client.get('/api/notifications')).body.unread).toBe(1);
  });

  it('refuses malformed mark-read bodies with a 400 or 422, not a 500', async () => {
    const { client } = await signedInUser('notices-bad');
    for (const body of [{ ids: 'x' }, { ids: [1, 2] }, { ids: Array.from({ length: 101 }, (_, i) => String(i)) }]) {
      const res = await client.post('/api/notifications/read', body);
      expect([400, 422], JSON.stringify(res.body)).toContain(res.status);
    }
  });
});
