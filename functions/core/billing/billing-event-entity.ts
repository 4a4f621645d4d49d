import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

const billingEventItemSchema = z.object({
  provider: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  /** `processing` while one delivery applies it; `done` once applied. */
  status: z.enum(['processing', 'done']),
  claimedAt: z.number(),
  ttl: z.number(),
});

/** BILLINGEVENT#<provider>#<event id>: a webhook event claimed or applied (TTL past the provider's retries). */
export const billingEvents = defineEntity({
  type: 'billing-event',
  schema: billingEventItemSchema,
  key: (e) => keys.billingEvent(e.provider, e.eventId),
});
