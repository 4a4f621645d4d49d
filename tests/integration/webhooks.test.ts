import type { IncomingHttpHeaders } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser, type TestClient } from '../support/api-client';
import { serveSite, type LoopbackSite } from '../support/loopback-site';
import { makePaid } from '../support/billing';
import { connectWithProfile, failNext, publishNow, settled, uniqueCopy } from './publishing-support';
import { API_VERSIONS } from '../../functions/core/platform-config';

/** The Graph version the clients speak (one table of versions and sunsets). */
const GRAPH = API_VERSIONS.graph.version;

/**
 * The receiver is the official Standard Webhooks library (npm `standardwebhooks`), as a
 * customer would use it from our documentation, knowing nothing of our code: the webhook's
 * secret as shown, the raw body, the three `webhook-*` headers. It refuses a bad signature and a
 * timestamp over five minutes off; the event id drops repeats.
 */
const headersOf = (headers: IncomingHttpHeaders) => ({
  'webhook-id': String(headers['webhook-id'] ?? ''),
  'webhook-timestamp': String(headers['webhook-timestamp'] ?? ''),
  'webhook-signature': String(headers['webhook-signature'] ?? ''),
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; companyId: number; data: Record<string, any> };
}

function receiver() {
  const state = {
    secret: '',
    /** Answers these statuses first, one per request, then 200. */
    failFirst: [] as number[],
    accepted: [] as Received[],
    refused: 0,
    refusals: [] as string[],
  };
  const start = () =>
    serveSite(
      (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          try {
            new Webhook(state.secret).verify(body, headersOf(req.headers));
          } catch (error) {
            if (!(error instanceof WebhookVerificationError)) throw error;
            state.refused++;
            state.refusals.push(error.message);
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
      },
      { receivesWebhooks: true },
    );
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
      events: ['post.published', 'post.failed', 'audit.finished', 'import.finished'],
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

  it('signs a test delivery the library verifies, and the library refuses a tampered body and an old timestamp', async () => {
    const sent = await client.post(`/api/public/webhooks/${webhookId}/test`);
    expect(sent.status).toBe(202);
    const got = await until('the test event', () => hook.state.accepted.find((r) => r.event.type === 'webhook.test'));
    expect(got.headers['webhook-id']).toBe(got.event.id);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(got.event.data.webhook.id).toBe(webhookId);

    const log = await until('the delivery log', async () => {
      const list = (await client.get(`/api/public/webhooks/${webhookId}/deliveries`)).body;
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    expect(log[0]).toMatchObject({ event: 'webhook.test', eventId: got.event.id, attempts: [{ status: 204 }] });

    // The captured request sent to the receiver again, as it was or with a changed body.
    const replay = (body: string) =>
      fetch(`${site.origin}/hooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersOf(got.headers) },
        body,
      });
    const refusedBefore = hook.state.refused;
    expect((await replay(got.body.replace('webhook.test', 'post.failed'))).status).toBe(400);
    expect(hook.state.refusals.at(-1)).toBe('No matching signature found');
    // Six minutes later, the same bytes are refused on their timestamp.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    try {
      expect((await replay(got.body)).status).toBe(400);
    } finally {
      vi.useRealTimers();
    }
    expect(hook.state.refusals.at(-1)).toBe('Message timestamp too old');
    expect(hook.state.refused).toBe(refusedBefore + 2);
    // Another webhook's secret does not verify it either.
    const other = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    expect(() => other.verify(got.body, headersOf(got.headers))).toThrow(WebhookVerificationError);
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
    // The same event (a receiver drops it by id, the same webhook-id), signed afresh; the library
    // verified both on arrival.
    expect(copies[1]!.body).toBe(copies[0]!.body);
    expect(copies[1]!.headers['webhook-id']).toBe(copies[0]!.headers['webhook-id']);
  });

  it('reports a post published and a post failed, from the publish workflow', async () => {
    await makePaid(client);
    // An account of this file's own: the failure below is for its calls, not another file's post to the same page.
    const sandbox = await connectWithProfile(client, 'facebook', 0, 'Hana Hook');
    const copy = uniqueCopy('webhook published');
    const id = await publishNow(client, 'facebook', copy);
    expect((await settled(client, id)).status).toBe('published');
    const published = await until('post.published', () =>
      hook.state.accepted.find((r) => r.event.type === 'post.published' && r.event.data.post.id === id),
    );
    expect(published.event.data.post).toMatchObject({ status: 'published', content: copy });
    expect(published.headers['webhook-id']).toBe(published.event.id);

    // A dead token fails the post for good (and asks for a reconnect).
    await failNext(sandbox, { path: `/graph/${GRAPH}/2000001/feed`, failure: 'token-expired', account: 'Hana Hook' });
    const failedId = await publishNow(client, 'facebook', uniqueCopy('webhook failed'));
    expect((await settled(client, failedId)).status).toBe('failed');
    const failed = await until('post.failed', () =>
      hook.state.accepted.find((r) => r.event.type === 'post.failed' && r.event.data.post.id === failedId),
    );
    expect(failed.event.data.post.error).toEqual(expect.any(String));
  });

  it('reports a CSV import finished once, with the ids of the posts it wrote', async () => {
    const csv = ['platforms,copy', 'facebook,"Webhook import one."', 'facebook,"Webhook import two."'].join('\n');
    const started = await client.post('/api/imports', { csv, zone: 'UTC', action: 'save' });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const event = await until('import.finished', () =>
      hook.state.accepted.find((r) => r.event.type === 'import.finished'),
    );
    expect(event.event.data.import).toMatchObject({ rows: 2, postIds: [expect.any(Number), expect.any(Number)] });
    const posts = (await client.get<{ id: number; content: string }[]>('/api/calendar/list')).body;
    const written = posts.filter((p) => p.content.startsWith('Webhook import ')).map((p) => p.id);
    expect([...(event.event.data.import.postIds as number[])].sort()).toEqual(written.sort());
    await new Promise((r) => setTimeout(r, 1000));
    expect(hook.state.accepted.filter((r) => r.event.type === 'import.finished')).toHaveLength(1);
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
