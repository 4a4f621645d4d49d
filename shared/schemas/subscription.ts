import { z } from 'zod/mini';

/*
 * The subscription on its own: post pages ask whether the plan publishes, and this module (unlike
 * billing.ts, with plans, invoices and their messages) is all they download for it.
 */

/** Plan slugs and billing intervals, spelled as spec 01 §3 spells them. */
export const PLAN_SLUGS = ['free', 'organic', 'founders-club', 'agency', 'standard'] as const;
export type PlanSlug = (typeof PLAN_SLUGS)[number];
export const INTERVALS = ['month', 'year', 'day', 'weekly'] as const;
export type Interval = (typeof INTERVALS)[number];

/**
 * Where a subscription stands. `free` is a company that never subscribed (or whose
 * subscription ended and was replaced by nothing); the others are the provider's states.
 */
export const SUBSCRIPTION_STATUSES = [
  'free',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'incomplete',
  'canceled',
] as const;

/** The selected company's subscription (spec 01 §3 "Subscription"); a company without one is on the free plan. */
export const subscriptionSchema = z
  .object({
    plan: z.object({ slug: z.enum(PLAN_SLUGS), name: z.string() }),
    interval: z.nullable(z.enum(INTERVALS)),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** ISO times; `to` is the end of the period paid (or trialled) for. */
    trialEnd: z.nullable(z.string()),
    to: z.nullable(z.string()),
    autoRenewal: z.boolean(),
    canCancel: z.boolean(),
    isCancelled: z.boolean(),
    /** Whether the paid-plan gate lets this company through right now. */
    isPaid: z.boolean(),
    /** A lower plan the subscription moves to when the current period ends (`effectiveAt`), until then the plan above stays. */
    pendingChange: z.nullable(
      z.object({ plan: z.object({ slug: z.enum(PLAN_SLUGS), name: z.string() }), effectiveAt: z.string() }),
    ),
  })
  .check(z.meta({ title: 'Subscription' }));
export type Subscription = z.infer<typeof subscriptionSchema>;
