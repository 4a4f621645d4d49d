import { publicApiMessages, WEBHOOK_NEEDS, type WebhookEvent, type WebhookEventType } from '@shared/schemas/public-api';
import { ulid } from 'ulid';
import { clock } from '../clock';
import type { RunJobInput } from '../jobs/job-store';
import { workflows } from '../jobs/workflow-port';
import { log } from '../log';
import { makerStatus } from '../membership';
import { emptyOutbox, type Outbox } from '../table/outbox';
import { companyItemPrefix, partition } from '../table/keys';
import { deliveries, webhooks, type DeliveryItem, type WebhookItem } from './webhook-entity';

/**
 * The events a change reports to the company's webhooks, written with the change: the domain
 * that makes it (a post published or failed, an audit finished, an import finished) builds the
 * event's data and hands the outbox's writes to its own transaction. This domain knows no such
 * entity; the public API (public-api/) manages the webhooks, sends the deliveries and sweeps them.
 */

export const WEBHOOK_JOB_KIND = 'webhook-delivery';

const KEEP_SECONDS = 30 * 24 * 3600;

/** Whether the webhook may send now: its maker is still a member who may see what it tells. */
export const webhookStatus = (item: WebhookItem) => makerStatus(item.companyId, item.createdBy, WEBHOOK_NEEDS);

/** The company's webhooks (one Query of the company's partition). */
export const companyWebhooks = (companyId: number) =>
  webhooks.query({ pk: partition.company(companyId), sk: { beginsWith: companyItemPrefix.webhook } });

/** The event as receivers get it: the same envelope for every type. */
export function eventBody(companyId: number, type: WebhookEventType, data: Record<string, unknown>, now: Date) {
  const id = `evt_${ulid(now.getTime())}`;
  return { id, payload: JSON.stringify({ id, type, createdAt: now.toISOString(), companyId, data }) };
}

/**
 * A new pending delivery of one event to one webhook, due now: the sweeper or a start picks it
 * up. `notSent`: a webhook that is stopped (its maker left or lost the role) records the event
 * as failed at once, with why, and sends nothing; once handed over, it can be redelivered.
 */
export function newDelivery(
  webhook: WebhookItem,
  event: { id: string; type: WebhookEventType; payload: string },
  now: Date,
  notSent = false,
): DeliveryItem {
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
  return notSent
    ? {
        ...pending,
        status: 'failed',
        attempts: [{ at: now.toISOString(), status: null, error: publicApiMessages.webhookNotSent, ms: 0 }],
        nextAttemptAt: null,
      }
    : pending;
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

/** Starts a delivery's next attempt (the webhook-delivery job, public-api/webhook-job.ts). */
export async function startAttempt(d: DeliveryItem): Promise<void> {
  const { input, name } = attemptStart(d);
  await workflows().start('run-job', input, name);
}

/**
 * The outbox of one event: a delivery for every webhook of the company that wants it, as
 * writes of the transaction that makes the change the event reports (a post published, an
 * audit ended). Either both are stored or neither, so no crash between them loses an event or
 * sends one for a change that did not happen. Once committed, each delivery starts at once;
 * the webhook sweeper starts any whose start was lost. `data` is the caller's: what the event
 * says about its entity.
 */
export async function eventDeliveries(
  companyId: number,
  type: WebhookEvent,
  data: Record<string, unknown>,
  now = clock.now(),
): Promise<Outbox> {
  const targets = (await companyWebhooks(companyId)).filter((w) => w.events.includes(type));
  if (!targets.length) return emptyOutbox;
  const event = { ...eventBody(companyId, type, data, now), type };
  const statuses = await Promise.all(targets.map(webhookStatus));
  const items = targets.map((webhook, n) => newDelivery(webhook, event, now, statuses[n] !== 'active'));
  return {
    writes: items.map((item) => deliveries.tx.put(item, { ifAbsent: true })),
    async afterCommit() {
      for (const item of items.filter((d) => d.status === 'pending')) {
        try {
          await startAttempt(item);
        } catch (error) {
          log('warn', 'a webhook delivery did not start; the sweeper will', {
            deliveryId: item.id,
            error: (error as Error).message,
          });
        }
      }
    },
  };
}
