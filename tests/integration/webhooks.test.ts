import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type TestClient } from '../support/api-client';
import { serveSite, type LoopbackSite } from '../support/loopback-site';
import { makePaid } from '../support/billing';
import { connectWithProfile, failNext, publishNow, settled, uniqueCopy } from './publishing-support';

/**
 * A webhook receiver written as a customer would write one from our documentation, knowing
 * nothing of our code: the raw body, `Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">`, a five-minute window, and the event id to drop repeats.
 */
const TOLERANCE_SECONDS = 300;

function verify(secret: string, header: string | undefined, rawBody: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  if (Math.abs(nowSeconds - t) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; companyId: number; data: Record<string, any> };
}

function receiver() {
  const state = {
    secret: '',
    /** The receiver's clock, ahead by this much: a replay arriving later. */
    skewSeconds: 0,
    /** Answers these statuses first, one per request, then 200. */
    failFirst: [] as number[],
    accepted: [] as Received[],
    refused: 0,
  };
  const start = () =>
    serveSite((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const now = Math.floor(Date.now() / 1000) + state.skewSeconds;
        if (!verify(state.secret, req.headers['webhook-signature'] as string | undefined, body, now)) {
          state.refused++;
          res.writeHead(400).end('bad signature');
          return;
        }
        const failing = state.failFirst.shift();
        if (failing) {
          res.writeHead(failing).end('try later');
          return;
        }
        state.accepted.push({ headers: req.headers, body, event: JSON.parse(body) as Received['event'] });
        res.writeHead(204).end();
      });
    });
  return { state, start };
}

async function until<T>(what: string, read: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('outgoing webhooks', () => {
  const hook = receiver();
  let site: LoopbackSite;
  let client: TestClient;
  let webhookId: string;

  beforeAll(async () => {
    site = await hook.start();
    ({ client } = await signedInUser('webhooks'));
    const made = await client.post('/api/public/webhooks', {
      url: `${site.origin}/hooks`,
      events: ['post.published', 'post.failed', 'audit.finished'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_/);
    hook.state.secret = made.body.secret;
    webhookId = made.body.webhook.id;
    // Shown once: the list has only its first characters.
    const listed = (await client.get('/api/public/webhooks')).body;
    expect(JSON.stringify(listed)).not.toContain(made.body.secret);
    expect(listed[0].secretPrefix).toBe(made.body.secret.slice(0, 10));
  });
  afterAll(() => site.close());

  it('signs a test delivery the receiver verifies, and the receiver refuses its replay by the timestamp', async () => {
    const sent = await client.post(`/api/public/webhooks/${webhookId}/test`);
    expect(sent.status).toBe(202);
    const got = await until('the test event', () => hook.state.accepted.find((r) => r.event.type === 'webhook.test'));
    expect(got.headers['webhook-id']).toBe(got.event.id);
    expect(got.event.data.webhook.id).toBe(webhookId);

    const log = await until('the delivery log', async () => {
      const list = (await client.get(`/api/public/webhooks/${webhookId}/deliveries`)).body;
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    expect(log[0]).toMatchObject({ event: 'webhook.test', eventId: got.event.id, attempts: [{ status: 204 }] });

    // The same request, replayed to the receiver six minutes later: refused on its timestamp.
    const replay = async () =>
      fetch(`${site.origin}/hooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-signature': got.headers['webhook-signature'] as string,
        },
        body: got.body,
      });
    hook.state.skewSeconds = 6 * 60;
    const refusedBefore = hook.state.refused;
    expect((await replay()).status).toBe(400);
    expect(hook.state.refused).toBe(refusedBefore + 1);
    // Within the window the signature itself holds, and any change to the body breaks it.
    hook.state.skewSeconds = 0;
    const signature = got.headers['webhook-signature'] as string;
    const now = Math.floor(Date.now() / 1000);
    expect(verify(hook.state.secret, signature, got.body, now)).toBe(true);
    expect(verify(hook.state.secret, signature, got.body.replace('webhook.test', 'post.failed'), now)).toBe(false);
    expect(verify('whsec_someone-else', signature, got.body, now)).toBe(false);
  });

  it('retries a failing receiver with backoff, and Redeliver sends the same event again', async () => {
    hook.state.failFirst = [503];
    const before = hook.state.accepted.length;
    const sent = (await client.post(`/api/public/webhooks/${webhookId}/test`)).body;
    const delivered = await until('the retried delivery', async () => {
      const list = (await client.get(`/api/public/webhooks/${webhookId}/deliveries`)).body as any[];
      const d = list.find((x) => x.id === sent.id);
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(delivered.attempts.map((a: { status: number }) => a.status)).toEqual([503, 204]);
    const gap = Date.parse(delivered.attempts[1].at) - Date.parse(delivered.attempts[0].at);
    // A minute's backoff, at the test runtime's time scale (0.05): 3 s.
    expect(gap).toBeGreaterThanOrEqual(2_900);
    expect(hook.state.accepted.length).toBe(before + 1);

    const again = await client.post(`/api/public/webhooks/${webhookId}/deliveries/${sent.id}/redeliver`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ eventId: sent.eventId, status: 'pending' });
    expect(again.body.id).not.toBe(sent.id);
    const copies = await until('the redelivery', () => {
      const same = hook.state.accepted.filter((r) => r.event.id === sent.eventId);
      return same.length === 2 ? same : undefined;
    });
    // The same event (a receiver drops it by id), signed afresh.
    expect(copies[1]!.body).toBe(copies[0]!.body);
  });

  it('reports a post published and a post failed, from the publish workflow', async () => {
    await makePaid(client);
    const sandbox = await connectWithProfile(client, 'facebook', 0);
    const copy = uniqueCopy('webhook published');
    const id = await publishNow(client, 'facebook', copy);
    expect((await settled(client, id)).status).toBe('published');
    const published = await until('post.published', () =>
      hook.state.accepted.find((r) => r.event.type === 'post.published' && r.event.data.post.id === id),
    );
    expect(published.event.data.post).toMatchObject({ status: 'published', content: copy });

    // A dead token fails the post for good (and asks for a reconnect).
    await failNext(sandbox, { path: '/graph/v21.0/2000001/feed', failure: 'token-expired' });
    const failedId = await publishNow(client, 'facebook', uniqueCopy('webhook failed'));
    expect((await settled(client, failedId)).status).toBe('failed');
    const failed = await until('post.failed', () =>
      hook.state.accepted.find((r) => r.event.type === 'post.failed' && r.event.data.post.id === failedId),
    );
    expect(failed.event.data.post.error).toEqual(expect.any(String));
  });

  it('refuses webhook addresses the safe fetcher would refuse, and another company’s webhooks', async () => {
    for (const url of [
      'http://169.254.169.254/latest',
      'http://10.0.0.1/hook',
      'ftp://example.com/x',
      'http://u:p@example.com/',
    ]) {
      const res = await client.post('/api/public/webhooks', { url, events: ['post.published'] });
      expect(res.status, url).toBe(422);
    }
    const other = await signedInUser('webhooks-other');
    expect((await other.client.get(`/api/public/webhooks/${webhookId}/deliveries`)).status).toBe(404);
    expect((await other.client.post(`/api/public/webhooks/${webhookId}/test`)).status).toBe(404);
    expect((await other.client.delete(`/api/public/webhooks/${webhookId}`)).status).toBe(404);
  });

  it('a receiver whose name resolves to a private address is refused at delivery, once, without retrying', async () => {
    // A name passes the check of the address as written; the fetcher resolves it at each delivery.
    const made = await client.post('/api/public/webhooks', { url: 'http://localhost:4/hook', events: ['post.failed'] });
    expect(made.status).toBe(201);
    const sent = (await client.post(`/api/public/webhooks/${made.body.webhook.id}/test`)).body;
    const failed = await until('the refused delivery', async () => {
      const list = (await client.get(`/api/public/webhooks/${made.body.webhook.id}/deliveries`)).body as any[];
      const d = list.find((x) => x.id === sent.id);
      return d?.status === 'failed' ? d : undefined;
    });
    expect(failed.attempts).toHaveLength(1);
    expect(failed.attempts[0]).toMatchObject({ status: null, error: expect.any(String) });
    expect(failed.nextAttemptAt).toBeNull();
    expect((await client.delete(`/api/public/webhooks/${made.body.webhook.id}`)).status).toBe(204);
  });
});
