import { describe, expect, it } from 'vitest';
import { publicApiMessages } from '@shared/schemas/public-api';
import { signedInUser, TestClient, withKey } from '../support/api-client';

async function memberWithKey(label: string, scope: 'read' | 'write') {
  const member = await signedInUser(label);
  const made = await member.client.post('/api/public/keys', { name: `${label} key`, scope });
  expect(made.status).toBe(201);
  return { ...member, key: made.body.secret as string, keyId: made.body.key.id as string };
}

const draft = { platforms: ['facebook'], content: 'Fresh sourdough every morning', action: 'save' };
const today = new Date().toISOString().slice(0, 10);
const range = `?from=${today}&to=${today}&zone=UTC`;

describe('public API keys', () => {
  it('shows a key once, lists only its prefix, and stores no copy that works', async () => {
    const a = await memberWithKey('papi-once', 'read');
    expect(a.key).toMatch(/^mak_[A-Za-z0-9_-]{43}$/);
    const list = await a.client.get('/api/public/keys');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: a.keyId, name: 'papi-once key', scope: 'read', prefix: a.key.slice(0, 10) }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(a.key);
    // The prefix alone, or the key with one character changed, is no key.
    expect((await withKey(list.body[0].prefix).get(`/posts${range}`)).status).toBe(401);
    const changed = a.key.slice(0, -1) + (a.key.endsWith('A') ? 'B' : 'A');
    expect((await withKey(changed).get(`/posts${range}`)).body.message).toBe(publicApiMessages.badKey);
  });

  it('reads and writes the key’s company posts through the calendar’s rules', async () => {
    const a = await memberWithKey('papi-write', 'write');
    const api = withKey(a.key);
    const made = await api.post('/posts', draft);
    expect(made.status).toBe(201);
    const [post] = made.body;
    expect(post).toMatchObject({ platform: 'facebook', status: 'draft', content: draft.content });
    // The same post the app shows.
    expect((await a.client.get(`/api/calendar/${post.id}/with-siblings`)).body.post.id).toBe(post.id);
    expect((await api.get(`/posts/${post.id}`)).body.content).toBe(draft.content);
    expect((await api.get(`/posts${range}`)).body.map((p: { id: number }) => p.id)).toContain(post.id);

    const edited = await api.patch(`/posts/${post.id}`, { content: 'Rye on Saturdays', version: post.version });
    expect(edited.status).toBe(200);
    const stale = await api.patch(`/posts/${post.id}`, { content: 'Lost update', version: post.version });
    expect(stale.status).toBe(409);
    // The platform rules and the paid-plan gate are the calendar's: the same refusal, word for word.
    for (const refused of [
      { ...draft, action: 'schedule', scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
      { ...draft, action: 'publish' },
      { ...draft, platforms: [] },
    ]) {
      const byKey = await api.post('/posts', refused);
      const inApp = await a.client.post('/api/calendar', refused);
      expect(byKey.status).toBeGreaterThanOrEqual(400);
      expect({ status: byKey.status, message: byKey.body.message }).toEqual({
        status: inApp.status,
        message: inApp.body.message,
      });
    }

    expect((await api.get('/media')).status).toBe(200);
    expect((await api.get(`/reports/post-success${range}`)).status).toBe(200);
    expect((await api.get('/audit')).body).toEqual({ website: expect.any(String), audit: null });

    expect((await api.delete(`/posts/${post.id}`)).status).toBe(204);
    expect((await api.get(`/posts/${post.id}`)).status).toBe(404);
  });

  it('refuses a key of company A on company B’s posts, and leaves them as they were', async () => {
    const a = await memberWithKey('papi-tenant-a', 'write');
    const b = await signedInUser('papi-tenant-b');
    const [theirs] = (await b.client.post('/api/calendar', { ...draft, content: 'B’s secret recipe' })).body;
    const api = withKey(a.key);

    for (const res of [
      await api.get(`/posts/${theirs.id}`),
      await api.patch(`/posts/${theirs.id}`, { content: 'Hijacked' }),
      await api.delete(`/posts/${theirs.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('secret recipe');
    }
    expect(JSON.stringify((await api.get(`/posts${range}`)).body)).not.toContain('secret recipe');
    // A company id anywhere in the request names nothing: the key does.
    const sneaky = new TestClient();
    sneaky.cookies.set('COMPANY_ID', String(b.companyId));
    const viaCookie = await sneaky.request('GET', `/api/public/v1/posts/${theirs.id}`, undefined, {
      headers: { authorization: `Bearer ${a.key}` },
    });
    expect(viaCookie.status).toBe(404);

    const still = (await b.client.get(`/api/calendar/${theirs.id}/with-siblings`)).body.post;
    expect(still).toMatchObject({ content: 'B’s secret recipe', version: theirs.version });
  });

  it('refuses a revoked key, a read key on writes, and a session without a key', async () => {
    const a = await memberWithKey('papi-revoke', 'write');
    expect((await withKey(a.key).get(`/posts${range}`)).status).toBe(200);
    expect((await a.client.delete(`/api/public/keys/${a.keyId}`)).status).toBe(204);
    const revoked = await withKey(a.key).get(`/posts${range}`);
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe(publicApiMessages.badKey);
    expect((await a.client.delete(`/api/public/keys/${a.keyId}`)).status).toBe(404);

    const reader = await a.client.post('/api/public/keys', { name: 'Dashboard', scope: 'read' });
    const read = withKey(reader.body.secret);
    expect((await read.get(`/posts${range}`)).status).toBe(200);
    const write = await read.post('/posts', draft);
    expect(write.status).toBe(403);
    expect(write.body.message).toBe(publicApiMessages.readOnlyKey);
    expect(await read.get(`/posts${range}`).then((r) => r.body)).toEqual([]);

    // The member's own session is no API credential: cookies lend a key route nothing.
    const bySession = await a.client.get(`/api/public/v1/posts${range}`);
    expect(bySession.status).toBe(401);
    expect(bySession.body.message).toBe(publicApiMessages.missingKey);
  });

  it('a member of another company cannot list or revoke the company’s keys', async () => {
    const a = await memberWithKey('papi-keys-a', 'read');
    const b = await signedInUser('papi-keys-b');
    expect((await b.client.get('/api/public/keys')).body).toEqual([]);
    expect((await b.client.delete(`/api/public/keys/${a.keyId}`)).status).toBe(404);
    expect((await withKey(a.key).get(`/posts${range}`)).status).toBe(200);
  });

  it('answers 429 with Retry-After once a key is over its limit, and other keys go on', async () => {
    const a = await memberWithKey('papi-limit', 'read');
    const api = withKey(a.key);
    let limited: Awaited<ReturnType<typeof api.get>> | undefined;
    // 60 a minute; a window may end during the loop, so two windows' worth at most.
    for (let i = 0; i < 125 && !limited; i++) {
      const res = await api.get('/audit');
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
    }
    expect(limited?.body.message).toBe(publicApiMessages.rateLimited);
    const wait = Number(limited?.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);

    const other = await a.client.post('/api/public/keys', { name: 'Other', scope: 'read' });
    expect((await withKey(other.body.secret).get('/audit')).status).toBe(200);
  });

  it('serves its OpenAPI document to anyone', async () => {
    const res = await new TestClient().get('/api/public/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/posts/{id}');
  });
});
