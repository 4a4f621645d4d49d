import { z } from 'zod/mini';
import { INTERVALS, PLAN_SLUGS, subscriptionSchema, type Interval } from './subscription';

export {
  INTERVALS,
  PLAN_SLUGS,
  SUBSCRIPTION_STATUSES,
  type Interval,
  type PlanSlug,
  type Subscription,
} from './subscription';

/** The interval the billing tab's Activate sends (spec 01 §4 "Subscription"). */
export const ACTIVATE_INTERVAL: Interval = 'month';

export const billingMessages = {
  unknownPlan: 'Choose one of the plans on offer.',
  unknownInterval: 'Choose a billing interval: month, year, day or weekly.',
  cannotActivate: 'This plan cannot be activated.',
  noPriceForInterval: 'This plan has no price for that billing interval.',
  alreadySubscribed: (plan: string) => `You are already subscribed to ${plan}.`,
  otherSubscriptionLive: (plan: string) =>
    `Your ${plan} subscription is still active. Change plan with Upgrade or Downgrade on the plan you want.`,
  nothingToCancel: 'There is no active subscription to cancel.',
  alreadyCancelled: 'This subscription is already cancelled and will not renew.',
  demoCannotCancel: "A demo company's trial cannot be cancelled.",
  noPaymentDetails: 'There are no payment details yet: activate a paid plan first.',
  checkoutNotFound: 'This payment could not be found. Please start again from Billing.',
  noPlanToChange: 'There is no paid subscription to change. Activate a plan first.',
  cancelledCannotChange: 'This subscription is cancelled and will not renew. Activate a plan once it ends.',
  demoCannotChange: "A demo company's trial cannot change plan.",
  samePlan: (plan: string) => `You are already on ${plan}.`,
  changeInProgress: 'A plan change is already under way. Wait a moment and try again.',
  staleProration: 'This price was worked out a while ago. Open the plan change again to see the current amount.',
  noPendingChange: 'There is no plan change waiting for the end of the period.',
  upgraded: (plan: string) => `You are now on ${plan}.`,
  downgradeScheduled: (plan: string) => `Your plan changes to ${plan} when the current period ends.`,
  downgradeCancelled: (plan: string) => `The plan change is cancelled. ${plan} renews as before.`,
} as const;

/** A price in cents for one interval; 0 is free. */
const planPriceSchema = z.object({ interval: z.enum(INTERVALS), amount: z.number().check(z.int(), z.gte(0)) });

/** A plan as GET /api/billing/plans lists it (spec 01 §3 "Plan"). */
export const planSchema = z
  .object({
    slug: z.enum(PLAN_SLUGS),
    name: z.string(),
    description: z.string(),
    isVisible: z.boolean(),
    canActivate: z.boolean(),
    trialDays: z.number().check(z.int(), z.gte(0)),
    prices: z.array(planPriceSchema),
  })
  .check(z.meta({ title: 'Plan' }));
export type Plan = z.infer<typeof planSchema>;

/** One invoice (spec 01 §3 "Invoice"): amount in cents, date an ISO time, link the provider's page. */
export const invoiceSchema = z
  .object({ number: z.string(), date: z.string(), amount: z.number().check(z.int()), link: z.string() })
  .check(z.meta({ title: 'Invoice' }));
export type Invoice = z.infer<typeof invoiceSchema>;

/** A plan's slug as a request names it; whether the plan exists is the domain's check (422). */
const planSlugField = z
  .string({ error: billingMessages.unknownPlan })
  .check(z.trim(), z.minLength(1, billingMessages.unknownPlan), z.maxLength(64, billingMessages.unknownPlan));

/** POST /api/billing/upgrade: which plan and how often to pay. */
export const upgradeSchema = z.object({
  plan: planSlugField,
  interval: z.enum(INTERVALS, { error: billingMessages.unknownInterval }),
});

/** "The result is a redirect URL or a message" (spec 01 §4). */
export const upgradeResultSchema = z
  .union([z.object({ redirectUrl: z.string() }), z.object({ message: z.string() })])
  .check(z.meta({ title: 'redirectUrl or message' }));

/** GET /api/billing/plan-change?plan=: what changing to that plan would do (a change keeps the interval). */
export const planChangeQuerySchema = z.object({ plan: planSlugField });

/** A moment the provider prorates at, in Unix seconds (the preview's, so the charge is the amount shown). */
const prorationDateField = z.number({ error: billingMessages.staleProration }).check(z.int(), z.positive());

/**
 * What a plan change does. An upgrade happens now: `amountDue` (cents) is the price difference
 * for the rest of the period, charged at once, and `effectiveAt` is now. A downgrade happens
 * when the period ends (`effectiveAt`): nothing is charged now (`amountDue` 0), and the lower
 * price is paid from then on.
 */
export const planChangePreviewSchema = z
  .object({
    plan: z.object({ slug: z.enum(PLAN_SLUGS), name: z.string() }),
    change: z.enum(['upgrade', 'downgrade']),
    amountDue: z.number().check(z.int(), z.gte(0)),
    effectiveAt: z.string(),
    prorationDate: prorationDateField,
  })
  .check(z.meta({ title: 'PlanChangePreview' }));
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

/** POST /api/billing/plan-change: the plan, and the preview's proration moment when one was shown. */
export const planChangeSchema = z.object({ plan: planSlugField, prorationDate: z.optional(prorationDateField) });

/** The subscription after the change, and a sentence saying what happened. */
export const planChangeResultSchema = z
  .object({ subscription: subscriptionSchema, message: z.string() })
  .check(z.meta({ title: 'PlanChangeResult' }));

export const redirectUrlSchema = z.object({ redirectUrl: z.string() });

/** The payment simulation page names the checkout it completes. */
export const simulatedCheckoutSchema = z.object({
  sessionId: z
    .string({ error: billingMessages.checkoutNotFound })
    .check(z.regex(/^cs_sim_[A-Za-z0-9]{8,64}$/, billingMessages.checkoutNotFound)),
});

/** The webhook's answer, as Stripe expects one: any 2xx with a small body. */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });

/** Cents → "$12.00" (spec 01 §9: cents divided by 100, in USD). */
export const formatUsd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** The monthly price a plan card shows, or undefined for a plan without one ("FREE"). */
export const monthlyPrice = (plan: Pick<Plan, 'prices'>) =>
  plan.prices.find((p) => p.interval === 'month' && p.amount > 0)?.amount;
