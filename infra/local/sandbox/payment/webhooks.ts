import { createHmac } from 'node:crypto';
import { newId, nowSeconds } from './state';

/** Stripe-format events, signed with Stripe's `Stripe-Signature` scheme, delivered to the app's webhook. */

/**
 * Stripe's signature: HMAC-SHA256 of `timestamp.payload` with the endpoint's secret. Signed at
 * the real time of sending (not the dev clock's): the receiver checks its age against its own clock.
 */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const eventBody = ({ type, object }: { type: string; object: unknown }) =>
  JSON.stringify({
    id: newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: nowSeconds(),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });

/** One event, tried up to 5 times with backoff like Stripe (here within a few seconds). */
async function deliver(url: string, secret: string, body: string, stopped: () => boolean) {
  for (let attempt = 0; attempt < 5 && !stopped(); attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signPayload(body, secret) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return;
    } catch {
      // The app is restarting or busy: tried again below.
    }
    await new Promise((done) => setTimeout(done, 250 * 2 ** attempt));
  }
}

/** The webhook sender: events go out in order; `settle` waits for those under way (or gives up once stopped). */
export function webhookSender(url: string, secret: string) {
  let stopped = false;
  const deliveries = new Set<Promise<void>>();
  const emit = (events: { type: string; object: unknown }[]) => {
    const bodies = events.map(eventBody);
    const run = (async () => {
      for (const body of bodies) await deliver(url, secret, body, () => stopped);
    })();
    deliveries.add(run);
    void run.finally(() => deliveries.delete(run));
  };
  const stop = async () => {
    stopped = true;
    await Promise.allSettled([...deliveries]);
  };
  return { emit, stop };
}
