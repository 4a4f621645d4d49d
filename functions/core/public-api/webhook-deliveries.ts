import {
  publicApiMessages,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookEventType,
} from '@shared/schemas/public-api';
import { ulid } from 'ulid';
import { hit, type Limit } from '../accounts/rate-limit';
import { clock } from '../clock';
import { config } from '../config';
import { conflict, DomainError, notFound } from '../errors';
import type { RunJobInput } from '../jobs/job-store';
import { workflows } from '../jobs/workflow-port';
import { log } from '../log';
import { FetchRefusedError, safeFetch } from '../net';
import { companyItemPrefix, keys, partition, webhookWatchPartition, WATCH_SHARDS } from '../table/keys';
import { getWebhook, openWebhookSecret, webhooksFor, webhookStatus } from './webhooks';
import { deliveries, type DeliveryItem, type WebhookItem } from './webhook-entity';
import { signedHeaders } from './webhook-signature';

export const WEBHOOK_JOB_KIND = 'webhook-delivery';

/**
 * After the n-th failed attempt, the next waits BACKOFF_MS[n-1]: six attempts over about ten
 * hours, so a receiver down for a deploy or a night still gets the event. Shortened on the
 * embedded runtime by WORKFLOW_TIME_SCALE, like the publish path's times.
 */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 8 * 3600_000];
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/** One attempt's whole request; a receiver should answer at once and do its work later. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/**
 * A claimed attempt's lease: the sweeper leaves it alone this long (at least its backoff), so
 * a second run does not start beside one still waiting on the receiver.
 */
const LEASE_MS = ATTEMPT_TIMEOUT_MS + 5_000;
const KEEP_SECONDS = 30 * 24 * 3600;
/** Post copy can be a megabyte (a blog); the event carries the start of it and says so. */
const MAX_EVENT_CONTENT = 20_000;
/** Refusals that no retry can mend: the address itself is not allowed. */
const FINAL_REFUSALS = new Set(['invalid-url', 'scheme', 'credentials', 'port', 'private-address']);

/**
 * Send test and Redeliver each start a signed POST at once, past the sweeper, so they are
 * limited: per webhook, so the settings tab cannot flood one receiver, and per company, so its
 * ten webhooks together cannot keep the delivery worker busy. Tests and redeliveries count
 * together in both: to the receiver and to the worker they are the same request.
 */
export const SEND_LIMITS = {
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

export const toApiDelivery = (d: DeliveryItem): WebhookDelivery => ({
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

/** The event as receivers get it: the same envelope for every type. */
export function eventBody(companyId: number, type: WebhookEventType, data: Record<string, unknown>, now: Date) {
  const id = `evt_${ulid(now.getTime())}`;
  return { id, payload: JSON.stringify({ id, type, createdAt: now.toISOString(), companyId, data }) };
}

/** Cuts a long `content` field of the event's post, so a blog's megabyte never meets the item limit. */
export function trimmedPost<P extends { content: string }>(post: P): { post: P; contentTruncated: boolean } {
  if (post.content.length <= MAX_EVENT_CONTENT) return { post, contentTruncated: false };
  return { post: { ...post, content: post.content.slice(0, MAX_EVENT_CONTENT) }, contentTruncated: true };
}

/**
 * A new pending delivery of one event to one webhook, due now: the sweeper or a start picks it
 * up. `notSent`: a webhook that is stopped (its maker left or lost the role) records the event
 * as failed at once, with why, and sends nothing; once handed over, it can be redelivered.
 */
async function enqueue(
  webhook: WebhookItem,
  event: { id: string; type: WebhookEventType; payload: string },
  now: Date,
  notSent = false,
): Promise<DeliveryItem> {
  const pending: DeliveryItem = {
    companyId: webhook.companyId,
    webhookId: webhook.id,
    id: ulid(now.getTime()),
    eventId: event.id,
    event: event.type,
    payload: event.payload,
    status: 'pending',
    attempts: [],
    nextAttemptAt: now.toISOString(),
    createdAt: now.toISOString(),
    version: 1,
    ttl: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
  };
  const item: DeliveryItem = notSent
    ? {
        ...pending,
        status: 'failed',
        attempts: [{ at: now.toISOString(), status: null, error: publicApiMessages.webhookNotSent, ms: 0 }],
        nextAttemptAt: null,
      }
    : pending;
  await deliveries.put(item, { ifAbsent: true });
  return item;
}

/**
 * Records an event for every webhook of the company that wants it. Only table writes: the
 * publish and audit workers that call it start nothing, and the webhook sweeper starts each
 * delivery within its interval. Never throws: a webhook must not fail the work it reports.
 */
export async function emitWebhookEvent(
  companyId: number,
  type: WebhookEvent,
  data: Record<string, unknown>,
  now = clock.now(),
): Promise<void> {
  try {
    const targets = await webhooksFor(companyId, type);
    if (!targets.length) return;
    const event = { ...eventBody(companyId, type, data, now), type };
    const statuses = await Promise.all(targets.map(webhookStatus));
    for (const [n, webhook] of targets.entries()) await enqueue(webhook, event, now, statuses[n] !== 'active');
  } catch (error) {
    log('error', 'a webhook event could not be recorded', { companyId, type, error: (error as Error).message });
  }
}

/** The run-job input of one delivery's next attempt: named by the delivery's version, so repeated starts are one. */
function attemptStart(d: DeliveryItem): { input: RunJobInput; name: string } {
  const name = `webhook-${d.id}-v${d.version}`;
  return {
    name,
    input: {
      uuid: name,
      kind: WEBHOOK_JOB_KIND,
      companyId: d.companyId,
      userId: 0,
      input: { webhookId: d.webhookId, deliveryId: d.id },
    },
  };
}

export async function startAttempt(d: DeliveryItem): Promise<void> {
  const { input, name } = attemptStart(d);
  await workflows().start('run-job', input, name);
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
  if (!read || read.status !== 'pending' || !read.nextAttemptAt || Date.parse(read.nextAttemptAt) > claimedAt.getTime())
    return 'skipped';
  const attempt = read.attempts.length + 1;
  const lease = new Date(claimedAt.getTime() + Math.max(LEASE_MS, backoffMs(attempt)));
  const claimed: DeliveryItem = { ...read, nextAttemptAt: lease.toISOString(), version: read.version + 1 };
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
    version: claimed.version + 1,
  };
  // Lost only to a run that took over an ended lease, which records its own attempt.
  await deliveries.put(next, { onlyIf: versionIs(claimed.version) });
  return delivered ? 'delivered' : exhausted ? 'failed' : 'retrying';
}

/** Deliveries looked at per shard and sweep. */
const PER_SHARD = 200;

/**
 * Starts an attempt for every pending delivery whose time has come: new events, retries after
 * their backoff, and attempts whose run died (the lease passed). Run by the sweep-webhooks
 * worker every minute in AWS and by the embedded runtime's sweep loop.
 */
export async function sweepWebhooks(now = clock.now()): Promise<{ started: number }> {
  let started = 0;
  for (let shard = 0; shard < WATCH_SHARDS; shard++) {
    const due = await deliveries.query({
      index: 'GSI3',
      pk: webhookWatchPartition(shard),
      sk: { atMost: `${now.toISOString()}#~` },
      limit: PER_SHARD,
    });
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
  }
  return { started };
}
