import { z } from 'zod';
import { INTERVALS, PLAN_SLUGS, SUBSCRIPTION_STATUSES } from '@shared/schemas/billing';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/** Who keeps the subscription: a payment provider, or the app itself for a demo company's trial. */
const SUBSCRIPTION_SOURCES = ['stripe', 'simulated', 'demo'] as const;

const subscriptionItemSchema = z.object({
  companyId: z.number(),
  source: z.enum(SUBSCRIPTION_SOURCES),
  /** The provider's ids; null for a demo trial, which no provider knows about. */
  providerSubscriptionId: z.string().nullable(),
  customerId: z.string().nullable(),
  planSlug: z.enum(PLAN_SLUGS),
  interval: z.enum(INTERVALS),
  status: z.enum(SUBSCRIPTION_STATUSES).exclude(['free']),
  trialEnd: z.string().nullable(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /**
   * A lower plan the provider switches to when the current period ends (a Stripe subscription
   * schedule, `scheduleId`). Absent or null: none.
   */
  pendingChange: z
    .object({
      planSlug: z.enum(PLAN_SLUGS),
      interval: z.enum(INTERVALS),
      effectiveAt: z.string(),
      scheduleId: z.string(),
    })
    .nullable()
    .optional(),
  /**
   * Held while one request changes the plan at the provider (taken under the version check), so
   * two changes at once cannot both charge; it lapses by itself if its holder dies.
   */
  changeClaim: z.object({ token: z.string(), until: z.number() }).nullable().optional(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;

/** COMPANY#<id> / SUBSCRIPTION: one per company, a mirror of the provider's, kept by its webhooks. */
export const subscriptions = defineEntity({
  type: 'subscription',
  schema: subscriptionItemSchema,
  key: (s) => keys.subscription(s.companyId),
  versioned: true,
});
