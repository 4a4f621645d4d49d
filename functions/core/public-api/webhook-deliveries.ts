import { publicApiMessages, type WebhookDelivery, type WebhookEventType } from '@shared/schemas/public-api';
import { hit, type Limit } from '../accounts/rate-limit';
import { clock } from '../clock';
import { config } from '../config';
import { conflict, DomainError, notFound } from '../errors';
import { currentBootId, dueWork, isAbandoned } from '../jobs/watch';
import { log } from '../log';
import { FetchRefusedError, safeFetch } from '../net';
import { companyItemPrefix, keys, partition, webhookWatchPartition } from '../table/keys';
import { deliveries, type DeliveryItem, type WebhookItem } from '../webhooks/webhook-entity';
import { eventBody, newDelivery, startAttempt, webhookStatus } from '../webhooks/webhook-outbox';
import { getWebhook, openWebhookSecret } from './webhooks';
import { signedHeaders } from './webhook-signature';

/**
 * After the n-th failed attempt, the next waits BACKOFF_MS[n-1]: six attempts over about ten
 * hours, so a receiver down for a deploy or a night still gets the event. Shortened on the
 * embedded runtime by WORKFLOW_TIME_SCALE, like the publish path's times.
 */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 8 * 3600_000];
const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** One attempt's whole request; a receiver should answer at once and do its work later. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/**
 * A claimed attempt's lease: the sweeper leaves it alone this long (at least its backoff), so
 * a second run does not start beside one still waiting on the receiver.
 */
const LEASE_MS = ATTEMPT_TIMEOUT_MS + 5_000;
/** Refusals that no retry can mend: the address itself is not allowed. */
const FINAL_REFUSALS = new Set(['invalid-url', 'scheme', 'credentials', 'port', 'private-address']);

/**
 * Send test and Redeliver each start a signed POST at once, past the sweeper, so they are
 * limited: per webhook, so the settings tab cannot flood one receiver, and per company, so its
 * ten webhooks together cannot keep the delivery worker busy. Tests and redeliveries count
 * together in both: to the receiver and to the worker they are the same request.
 */
const SEND_LIMITS = {
  perWebhook: { scope: 'webhook-send', max: 10, windowSeconds: 60, message: publicApiMessages.tooManySends },
  perCompany: {
    scope: 'webhook-send-company',
    max: 30,
    windowSeconds: 60,
    message: publicApiMessages.tooManyCompanySends,
  },
} satisfies Record<string, Limit>;

/** A send the settings tab asked for: the webhook's own limit first, so one busy webhook does not use up the company's. */
async function countSendTo(webhook: WebhookItem): Promise<void> {
  await hit(SEND_LIMITS.perWebhook, `${webhook.companyId}#${webhook.id}`);
  await hit(SEND_LIMITS.perCompany, String(webhook.companyId));
}

const backoffMs = (failedAttempts: number) =>
  (BACKOFF_MS[Math.min(failedAttempts, BACKOFF_MS.length) - 1] ?? 0) * config.localTimeScale;

const toApiDelivery = (d: DeliveryItem): WebhookDelivery => ({
  id: d.id,
  webhookId: d.webhookId,
  eventId: d.eventId,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt : null,
  createdAt: d.createdAt,
  payload: d.payload,
});

async function enqueue(
  webhook: WebhookItem,
  event: { id: string; type: WebhookEventType; payload: string },
  now: Date,
): Promise<DeliveryItem> {
  const item = newDelivery(webhook, event, now);
  await deliveries.put(item, { ifAbsent: true });
  return item;
}

/** A stopped webhook sends nothing, not even on request: it is handed over first. */
async function assertSending(webhook: WebhookItem): Promise<void> {
  if ((await webhookStatus(webhook)) !== 'active') throw conflict(publicApiMessages.webhookStopped);
}

/** Send test (the settings tab): a `webhook.test` event to this webhook, started at once. */
export async function sendTestEvent(companyId: number, webhookId: string, now = clock.now()) {
  const webhook = await getWebhook(companyId, webhookId);
  await assertSending(webhook);
  await countSendTo(webhook);
  const event = {
    ...eventBody(companyId, 'webhook.test', { webhook: { id: webhook.id, url: webhook.url } }, now),
    type: 'webhook.test' as const,
  };
  const item = await enqueue(webhook, event, now);
  await startAttempt(item);
  return toApiDelivery(item);
}

/**
 * Redeliver: the same event (same id and body, a new signature) as a new delivery, started at
 * once. Not while the delivery is still pending: its own retries are under way, and a copy
 * beside them would reach the receiver twice for one click.
 */
export async function redeliver(companyId: number, webhookId: string, deliveryId: string, now = clock.now()) {
  const webhook = await getWebhook(companyId, webhookId);
  const old = await deliveries.get(keys.webhookDelivery(companyId, webhookId, deliveryId), { consistent: true });
  if (!old) throw notFound(publicApiMessages.deliveryNotFound);
  if (old.status === 'pending') throw conflict(publicApiMessages.redeliverPending);
  await assertSending(webhook);
  await countSendTo(webhook);
  const item = await enqueue(webhook, { id: old.eventId, type: old.event, payload: old.payload }, now);
  await startAttempt(item);
  return toApiDelivery(item);
}

export async function listDeliveries(companyId: number, webhookId: string): Promise<WebhookDelivery[]> {
  await getWebhook(companyId, webhookId);
  const items = await deliveries.query({
    pk: partition.company(companyId),
    sk: { beginsWith: `${companyItemPrefix.webhookDelivery}${webhookId}#` },
    descending: true,
    limit: 50,
  });
  return items.map(toApiDelivery);
}

const versionIs = (version: number) => ({
  expression: '#version = :read',
  names: { '#version': 'version' },
  values: { ':read': version },
});

export type AttemptOutcome = 'delivered' | 'retrying' | 'failed' | 'skipped';

/**
 * One attempt (the webhook-delivery job): claim the delivery on its version (so a duplicate
 * run does nothing) with a lease that is also the next attempt's time, POST the signed body
 * through the safe fetcher without following redirects, and record what the receiver said.
 * A 2xx delivers; anything else is retried after the backoff, until MAX_ATTEMPTS. A run that
 * dies mid-way leaves the delivery pending with its lease, which the sweeper takes up again.
 */
export async function attemptDelivery(
  companyId: number,
  webhookId: string,
  deliveryId: string,
  signal?: AbortSignal,
): Promise<AttemptOutcome> {
  const key = keys.webhookDelivery(companyId, webhookId, deliveryId);
  const read = await deliveries.get(key, { consistent: true });
  const claimedAt = clock.now();
  if (!read || read.status !== 'pending' || !attemptDue(read, claimedAt.getTime())) return 'skipped';
  const attempt = read.attempts.length + 1;
  const lease = new Date(claimedAt.getTime() + Math.max(LEASE_MS, backoffMs(attempt)));
  const claimed: DeliveryItem = {
    ...read,
    nextAttemptAt: lease.toISOString(),
    claimBoot: currentBootId() ?? null,
    version: read.version + 1,
  };
  if (!(await deliveries.put(claimed, { onlyIf: versionIs(read.version) }))) return 'skipped';

  const started = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  let final = false;
  try {
    const webhook = await getWebhook(companyId, webhookId);
    // Checked at each attempt too: a retry, or an event recorded before the maker left, is not sent.
    if ((await webhookStatus(webhook)) !== 'active') throw conflict(publicApiMessages.webhookNotSent);
    const secret = await openWebhookSecret(webhook);
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await safeFetch(webhook.url, {
      method: 'POST',
      body: claimed.payload,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'MarketingAutomation-Webhooks/1.0',
        // The event id, not the delivery's: a receiver dedupes a retry or a redelivery by it.
        ...signedHeaders(secret, claimed.eventId, claimed.payload, timestamp),
        // Not part of the standard, which ignores other headers: lets a receiver route before parsing.
        'webhook-event': claimed.event,
      },
      // A redirect could lead the signed body anywhere: the address given is the address used.
      followRedirects: false,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      maxBytes: 64 * 1024,
      signal,
    });
    status = response.status;
    await response.cancel();
    if (status < 200 || status > 299) error = `The receiver answered ${status}.`;
  } catch (caught) {
    if (caught instanceof FetchRefusedError) {
      error = caught.message;
      final = FINAL_REFUSALS.has(caught.reason);
    } else if (caught instanceof DomainError) {
      // The webhook was deleted meanwhile, or is stopped.
      error = (caught as Error).message;
      final = true;
    } else throw caught;
  }
  const delivered = error === null;
  const exhausted = final || attempt >= MAX_ATTEMPTS;
  const next: DeliveryItem = {
    ...claimed,
    attempts: [...claimed.attempts, { at: claimedAt.toISOString(), status, error, ms: Date.now() - started }],
    status: delivered ? 'delivered' : exhausted ? 'failed' : 'pending',
    nextAttemptAt: delivered || exhausted ? null : new Date(claimedAt.getTime() + backoffMs(attempt)).toISOString(),
    claimBoot: null,
    version: claimed.version + 1,
  };
  // Lost only to a run that took over an ended lease, which records its own attempt.
  await deliveries.put(next, { onlyIf: versionIs(claimed.version) });
  return delivered ? 'delivered' : exhausted ? 'failed' : 'retrying';
}

/** A delivery's watch: its next attempt's time, and while an attempt runs, the boot running it. */
const deliveryWatch = (d: DeliveryItem) => ({ watchUntil: d.nextAttemptAt, boot: d.claimBoot });

/** An attempt may start: its time has come, or the claim it is under is a dead boot's. */
const attemptDue = (d: DeliveryItem, now: number) => !!d.nextAttemptAt && isAbandoned(deliveryWatch(d), now);

/**
 * Starts an attempt for every pending delivery whose time has come: new events, retries after
 * their backoff, and attempts whose run died (the lease passed). Run by the sweep-webhooks
 * worker every minute in AWS and by the embedded runtime's sweep loop.
 */
export async function sweepWebhooks(now = clock.now()): Promise<{ started: number }> {
  let started = 0;
  // Past the clock too on the embedded runtime: an attempt claimed by a boot that is gone.
  const due = await dueWork(webhookWatchPartition, (q) => deliveries.query(q), now.getTime(), deliveryWatch);
  for (const d of due) {
    try {
      await startAttempt(d);
      started++;
    } catch (error) {
      log('error', 'the webhook sweeper could not start a delivery', {
        deliveryId: d.id,
        error: (error as Error).message,
      });
    }
  }
  return { started };
}
