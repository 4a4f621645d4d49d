import { z } from 'zod';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS } from '@shared/schemas/public-api';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';

const webhookItemSchema = z.object({
  companyId: z.number().int(),
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** The signing secret, sealed like platform tokens (KMS in AWS): signing needs it back, so no hash. */
  sealedSecret: z.string(),
  secretPrefix: z.string(),
  createdAt: z.string(),
  /** The member it acts as (makers.ts); absent on webhooks made before makers were recorded. */
  createdBy: z.number().int().optional(),
});
export type WebhookItem = z.infer<typeof webhookItemSchema>;

/** COMPANY#<id> / WEBHOOK#<ulid>: a company's webhook endpoint. */
export const webhooks = defineEntity({
  type: 'webhook',
  schema: webhookItemSchema,
  key: (w) => keys.webhook(w.companyId, w.id),
});

const deliveryItemSchema = z.object({
  companyId: z.number().int(),
  webhookId: z.string(),
  id: z.string(),
  eventId: z.string(),
  event: z.enum(WEBHOOK_EVENT_TYPES),
  /** The JSON body, kept as the exact bytes that are signed and sent on every attempt. */
  payload: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.array(
    z.object({ at: z.string(), status: z.number().nullable(), error: z.string().nullable(), ms: z.number() }),
  ),
  /** While pending: when the sweeper should start the next attempt (also its GSI3 watch key). */
  nextAttemptAt: z.string().nullable(),
  /**
   * While an attempt runs: the embedded runtime's boot that claimed it (jobs/watch.ts). After a
   * restart the claim is dead at once, rather than at `nextAttemptAt`, which is also the backoff.
   */
  claimBoot: z.string().nullable().optional(),
  createdAt: z.string(),
  version: z.number().int(),
  ttl: z.number().int(),
});
export type DeliveryItem = z.infer<typeof deliveryItemSchema>;

/**
 * COMPANY#<id> / WEBHOOKDELIVERY#<webhookId>#<ulid>: one event for one webhook and its attempts.
 * A pending delivery is on GSI3 by `nextAttemptAt`, written in the same put as its state, so
 * no crash can leave one pending without the sweeper seeing it. Kept 30 days (TTL).
 */
export const deliveries = defineEntity({
  type: 'webhook-delivery',
  schema: deliveryItemSchema,
  key: (d) => keys.webhookDelivery(d.companyId, d.webhookId, d.id),
  indexes: (d) =>
    d.status === 'pending' && d.nextAttemptAt ? index.webhookWatch(d.companyId, d.id, d.nextAttemptAt) : {},
  versioned: true,
});
