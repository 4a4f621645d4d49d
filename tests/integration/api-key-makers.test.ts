import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicApiMessages } from '@shared/schemas/public-api';
import {
  linkIn,
  signedInUser,
  teammate,
  TestClient,
  waitForMail,
  withKey,
  type SignedInUser,
} from '../support/api-client';
import { makePaid } from '../support/billing';
import { serveSite, type LoopbackSite } from '../support/loopback-site';
import { eventually } from '../support/test-site-runtime';
import { connectWithProfile, publishNow, settled, uniqueCopy } from './publishing-support';

/**
 * A key or webhook acts as the member who made it: it stops when they leave or lose the role it
 * needs, says so in the settings list, and works again once an admin hands it over.
 */

const draft = { platforms: ['facebook'], content: 'Made through a handed-over key', action: 'save' };
const today = new Date().toISOString().slice(0, 10);
const range = `?from=${today}&to=${today}&zone=UTC`;

async function makeKey(member: SignedInUser, scope: 'read' | 'write', name = `${scope} key`) {
  const made = await member.client.post('/api/public/keys', { name, scope });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { secret: made.body.secret as string, id: made.body.key.id as string, key: made.body.key };
}

const setRole = (admin: SignedInUser, member: SignedInUser, role: string) =>
  admin.client.put(`/api/company/${admin.companyId}/users/${member.profile.id}/role`, { role });

const listed = async (client: TestClient, path: '/api/public/keys' | '/api/public/webhooks', id: string) =>
  ((await client.get(path)).body as { id: string }[]).find((x) => x.id === id) as Record<string, any> | undefined;

describe('API keys act as their maker', () => {
  it('a key made by an admin survives a demotion to manager, stops when its maker leaves, and works again once handed over', async () => {
    const a = await signedInUser('makers-owner');
    const b = await teammate(a, 'admin', 'makers-second');
    const key = await makeKey(b, 'write');
    expect(key.key).toMatchObject({ createdBy: { id: b.profile.id, name: 'Test makers-second' }, status: 'active' });
    const api = withKey(key.secret);

    expect((await setRole(a, b, 'manager')).status).toBe(204);
    expect((await api.post('/posts', draft)).status).toBe(201);
    expect(await listed(a.client, '/api/public/keys', key.id)).toMatchObject({ status: 'active' });

    expect((await a.client.delete(`/api/company/${a.companyId}/users/${b.profile.id}`)).status).toBe(204);
    const refused = await api.post('/posts', draft);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(publicApiMessages.makerGone);
    expect(await listed(a.client, '/api/public/keys', key.id)).toMatchObject({
      createdBy: { id: b.profile.id, name: 'Test makers-second' },
      status: 'maker-left',
    });

    const handed = await a.client.post(`/api/public/keys/${key.id}/owner`);
    expect(handed.status).toBe(200);
    expect(handed.body).toMatchObject({ id: key.id, createdBy: { id: a.profile.id }, status: 'active' });
    expect(await listed(a.client, '/api/public/keys', key.id)).toMatchObject({
      createdBy: { id: a.profile.id, name: 'Test makers-owner' },
      status: 'active',
    });
    const again = await api.post('/posts', draft);
    expect(again.status).toBe(201);
    // It now writes as the owner: the post is in the owner's company, as before.
    expect((await a.client.get(`/api/calendar/${again.body[0].id}/with-siblings`)).status).toBe(200);
  });

  it('a maker demoted to client stops their write key (maker-role) while their read key still reads', async () => {
    const a = await signedInUser('makers-demoter');
    const c = await teammate(a, 'admin', 'makers-demoted');
    const write = await makeKey(c, 'write');
    const read = await makeKey(c, 'read');
    expect((await setRole(a, c, 'client')).status).toBe(204);

    const refused = await withKey(write.secret).post('/posts', draft);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(publicApiMessages.makerGone);
    expect((await withKey(read.secret).get(`/posts${range}`)).status).toBe(200);
    expect(await listed(a.client, '/api/public/keys', write.id)).toMatchObject({ status: 'maker-role' });
    expect(await listed(a.client, '/api/public/keys', read.id)).toMatchObject({ status: 'active' });
  });

  it('the hand-over routes answer 404 for another company’s key or webhook, and change nothing', async () => {
    const a = await signedInUser('makers-tenant-a');
    const key = await makeKey(a, 'read');
    const hook = await a.client.post('/api/public/webhooks', {
      url: 'https://example.com/hooks',
      events: ['post.published'],
    });
    expect(hook.status).toBe(201);
    const webhookId = hook.body.webhook.id as string;
    const other = await signedInUser('makers-tenant-b');
    const onKey = await other.client.post(`/api/public/keys/${key.id}/owner`);
    expect(onKey.status).toBe(404);
    expect(onKey.body.message).toBe(publicApiMessages.keyNotFound);
    const onHook = await other.client.post(`/api/public/webhooks/${webhookId}/owner`);
    expect(onHook.status).toBe(404);
    expect(onHook.body.message).toBe(publicApiMessages.webhookNotFound);
    expect(await listed(a.client, '/api/public/keys', key.id)).toMatchObject({ createdBy: { id: a.profile.id } });
    expect(await listed(a.client, '/api/public/webhooks', webhookId)).toMatchObject({
      createdBy: { id: a.profile.id },
    });
    // A manager of the company itself is no admin: the developer permission refuses before any lookup.
    const manager = await teammate(a, 'manager', 'makers-manager');
    expect((await manager.client.post(`/api/public/keys/${key.id}/owner`)).status).toBe(403);
  });
});

describe('a password reset can revoke the keys its user made', () => {
  async function resetPassword(email: string, extra: Record<string, unknown>) {
    const anon = new TestClient();
    expect((await anon.post('/api/auth/request-reset', { email })).status).toBe(200);
    const link = linkIn(await waitForMail(email, /Reset your password/));
    const [, , , id, token] = link.pathname.split('/');
    const res = await anon.post('/api/auth/consume-reset', {
      id: Number(id),
      token,
      password: 'a brand new password',
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  it('with revokeApiKeys, every key the user made in every company is refused; other members’ keys go on', async () => {
    const u = await signedInUser('reset-revoker');
    const own = await makeKey(u, 'write');
    // U also belongs to another company, as an admin, and made a key there.
    const a = await signedInUser('reset-other-owner');
    const invited = await a.client.post(`/api/company/${a.companyId}/invite`, { email: u.email, role: 'admin' });
    expect(invited.status).toBe(201);
    const token = linkIn(await waitForMail(u.email, /invited/))
      .pathname.split('/')
      .pop()!;
    expect((await u.client.post(`/api/company/${a.companyId}/accept-invite`, { token })).status).toBe(200);
    u.client.cookies.set('COMPANY_ID', String(a.companyId));
    const there = await makeKey(u, 'read');
    const othersKey = await makeKey(a, 'read');

    await resetPassword(u.email, { revokeApiKeys: true });
    for (const secret of [own.secret, there.secret]) {
      const res = await withKey(secret).get(`/posts${range}`);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(publicApiMessages.badKey);
    }
    expect((await withKey(othersKey.secret).get(`/posts${range}`)).status).toBe(200);
    expect(((await a.client.get('/api/public/keys')).body as { id: string }[]).map((k) => k.id)).toEqual([
      othersKey.id,
    ]);
  });

  it('without it, the user’s keys keep working', async () => {
    const u = await signedInUser('reset-keeper');
    const key = await makeKey(u, 'read');
    await resetPassword(u.email, { revokeApiKeys: false });
    expect((await withKey(key.secret).get(`/posts${range}`)).status).toBe(200);
  });
});

describe('webhooks act as their maker, and Send test and Redeliver are limited', () => {
  const state = {
    failFirst: [] as number[],
    received: [] as { id: string; type: string }[],
    /** While set, the receiver holds its answers until it settles; `arrived` is told when one comes. */
    hold: undefined as Promise<void> | undefined,
    arrived: undefined as (() => void) | undefined,
  };
  let site: LoopbackSite;

  beforeAll(async () => {
    site = await serveSite(
      (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        const answer = () => {
          const failing = state.failFirst.shift();
          if (failing) {
            res.writeHead(failing).end('try later');
            return;
          }
          state.received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; type: string });
          res.writeHead(204).end();
        };
        req.on('end', () => {
          state.arrived?.();
          if (state.hold) void state.hold.then(answer);
          else answer();
        });
      },
      { receivesWebhooks: true },
    );
  });
  afterAll(() => site.close());

  const deliveries = async (client: TestClient, webhookId: string) =>
    (await client.get(`/api/public/webhooks/${webhookId}/deliveries`)).body as Record<string, any>[];

  it('a webhook whose maker left sends nothing, records what it missed, and delivers again once handed over', async () => {
    const a = await signedInUser('hooks-owner');
    const b = await teammate(a, 'admin', 'hooks-maker');
    const made = await b.client.post('/api/public/webhooks', {
      url: `${site.origin}/hooks`,
      events: ['post.published'],
    });
    expect(made.status).toBe(201);
    const webhookId = made.body.webhook.id as string;
    expect(made.body.webhook).toMatchObject({ createdBy: { id: b.profile.id, name: 'Test hooks-maker' } });
    expect(await listed(a.client, '/api/public/webhooks', webhookId)).toMatchObject({
      createdBy: { id: b.profile.id, name: 'Test hooks-maker' },
      status: 'active',
    });

    // A test whose attempt the receiver holds is pending while it is on its way; the receiver then
    // refuses it, and its retry comes after the maker left.
    state.failFirst = [503, 503];
    let release = () => {};
    state.hold = new Promise<void>((done) => (release = done));
    const arrived = new Promise<void>((done) => (state.arrived = done));
    const sent = await a.client.post(`/api/public/webhooks/${webhookId}/test`);
    expect(sent.status).toBe(202);
    await arrived;
    expect((await a.client.delete(`/api/company/${a.companyId}/users/${b.profile.id}`)).status).toBe(204);
    const pending = await a.client.post(`/api/public/webhooks/${webhookId}/deliveries/${sent.body.id}/redeliver`);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe(publicApiMessages.redeliverPending);
    state.hold = undefined;
    state.arrived = undefined;
    release();

    expect(await listed(a.client, '/api/public/webhooks', webhookId)).toMatchObject({ status: 'maker-left' });
    const stopped = await a.client.post(`/api/public/webhooks/${webhookId}/test`);
    expect(stopped.status).toBe(409);
    expect(stopped.body.message).toBe(publicApiMessages.webhookStopped);
    // Its retry is not sent: the delivery ends failed, saying why.
    const ended = (await eventually(
      async () => (await deliveries(a.client, webhookId)).find((x) => x.id === sent.body.id),
      (d) => d?.status === 'failed',
      'the stopped retry',
    ))!;
    expect(ended.attempts.at(-1)).toMatchObject({ status: null, error: publicApiMessages.webhookNotSent });
    expect(state.received.map((e) => e.id)).not.toContain(sent.body.eventId);
    state.failFirst = [];

    // An event while stopped is recorded as not sent, never delivered.
    await makePaid(a.client);
    await connectWithProfile(a.client, 'facebook', 0);
    const postId = await publishNow(a.client, 'facebook', uniqueCopy('stopped webhook'));
    expect((await settled(a.client, postId)).status).toBe('published');
    const missed = (await eventually(
      async () => (await deliveries(a.client, webhookId)).find((x) => x.event === 'post.published'),
      Boolean,
      'the event not sent',
    ))!;
    expect(missed).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(missed.attempts).toEqual([
      expect.objectContaining({ status: null, error: publicApiMessages.webhookNotSent }),
    ]);

    // Handed over: it acts as the owner, and what it missed can be sent now.
    const handed = await a.client.post(`/api/public/webhooks/${webhookId}/owner`);
    expect(handed.status).toBe(200);
    expect(handed.body).toMatchObject({ createdBy: { id: a.profile.id, name: 'Test hooks-owner' }, status: 'active' });
    expect((await a.client.post(`/api/public/webhooks/${webhookId}/deliveries/${missed.id}/redeliver`)).status).toBe(
      202,
    );
    const got = (await eventually(
      async () => state.received.find((e) => e.id === missed.eventId),
      Boolean,
      'the redelivered event',
    ))!;
    expect(got.type).toBe('post.published');
  });

  it('answers the 11th test delivery to one webhook within a minute 429 with Retry-After', async () => {
    const a = await signedInUser('hooks-limit');
    const made = await a.client.post('/api/public/webhooks', {
      url: `${site.origin}/limited`,
      events: ['post.failed'],
    });
    const webhookId = made.body.webhook.id as string;
    // The limiter's windows are whole minutes: start early in one, so all eleven fall in it.
    const intoMinute = (Date.now() / 1000) % 60;
    if (intoMinute > 50) await new Promise((r) => setTimeout(r, (61 - intoMinute) * 1000));
    for (let i = 1; i <= 10; i++)
      expect((await a.client.post(`/api/public/webhooks/${webhookId}/test`)).status).toBe(202);
    const limited = await a.client.post(`/api/public/webhooks/${webhookId}/test`);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(publicApiMessages.tooManySends);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
  });
});
