import { z } from 'zod';
import { INTERVALS, PLAN_SLUGS } from '@shared/schemas/billing';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';

const checkoutItemSchema = z.object({
  sessionId: z.string(),
  companyId: z.number(),
  userId: z.number(),
  planSlug: z.enum(PLAN_SLUGS),
  interval: z.enum(INTERVALS),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  ttl: z.number(),
});
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;

/**
 * CHECKOUT#<session id>: a checkout this app started, for which company and plan. A completed
 * checkout event is applied only to the company that started it, with the plan it chose,
 * whatever else the event carries. Listed under the company on GSI2 for the cascade.
 */
export const checkouts = defineEntity({
  type: 'checkout',
  schema: checkoutItemSchema,
  key: (c) => keys.checkout(c.sessionId),
  indexes: (c) => index.companyByDate(c.companyId, 'CHECKOUT', c.createdAt, c.sessionId),
});
