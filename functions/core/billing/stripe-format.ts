import Stripe from 'stripe';
import { z } from 'zod';
import { PLAN_SLUGS, type Interval } from '@shared/schemas/billing';
import {
  WebhookSignatureError,
  type BillingEvent,
  type ProviderInvoice,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from './billing-port';

/**
 * Stripe's object and event shapes, read with zod rather than trusted from the SDK's types: the
 * fields the app needs moved between API versions (the period end went from the subscription
 * to its items in 2025), so both places are read. The simulated provider answers in the same
 * shapes, so both adapters share this reading.
 */

/** Stripe's `recurring.interval` values and the spec's names for them. */
const FROM_STRIPE_INTERVAL: Record<string, Interval> = { day: 'day', week: 'weekly', month: 'month', year: 'year' };
export const TO_STRIPE_INTERVAL: Record<Interval, 'day' | 'week' | 'month' | 'year'> = {
  day: 'day',
  weekly: 'week',
  month: 'month',
  year: 'year',
};

/** Stripe's event age limit (the stripe package's default): older signed events are replays. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const id = z
  .union([z.string(), z.object({ id: z.string() }).loose()])
  .transform((v) => (typeof v === 'string' ? v : v.id));
const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

const stripeInvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string().nullish(),
    created: z.number(),
    amount_paid: z.number().int(),
    status: z.string().nullish(),
    hosted_invoice_url: z.string().nullish(),
    invoice_pdf: z.string().nullish(),
    customer: id.nullish(),
    subscription: id.nullish(),
    parent: z
      .object({ subscription_details: z.object({ subscription: id.nullish() }).loose().nullish() })
      .loose()
      .nullish(),
    status_transitions: z.object({ paid_at: z.number().nullish() }).loose().nullish(),
  })
  .loose();

function toProviderInvoice(value: unknown): ProviderInvoice {
  const invoice = stripeInvoiceSchema.parse(value);
  return {
    id: invoice.id,
    number: invoice.number ?? invoice.id,
    date: iso(invoice.status_transitions?.paid_at ?? invoice.created),
    amount: invoice.amount_paid,
    link: invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? '',
    paid: invoice.status === 'paid',
    customerId: invoice.customer ?? null,
    subscriptionId: invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null,
  };
}

const priceSchema = z.object({ recurring: z.object({ interval: z.string() }).loose().nullish() }).loose();
const stripeSubscriptionSchema = z
  .object({
    id: z.string(),
    customer: id,
    status: z.string(),
    metadata: z.record(z.string(), z.string()).nullish(),
    trial_end: z.number().nullish(),
    cancel_at_period_end: z.boolean(),
    cancel_at: z.number().nullish(),
    current_period_end: z.number().nullish(),
    ended_at: z.number().nullish(),
    items: z
      .object({ data: z.array(z.object({ current_period_end: z.number().nullish(), price: priceSchema }).loose()) })
      .loose(),
    latest_invoice: z.unknown().optional(),
    schedule: id.nullish(),
  })
  .loose();

/** incomplete_expired never started; paused is a trial that ended without a payment method. */
function statusOf(status: string): ProviderSubscriptionStatus {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
    case 'canceled':
      return status;
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'unpaid';
  }
}

export function toProviderSubscription(value: unknown): ProviderSubscription {
  const sub = stripeSubscriptionSchema.parse(value);
  const item = sub.items.data[0];
  const periodEnd = item?.current_period_end ?? sub.current_period_end ?? sub.ended_at ?? sub.trial_end ?? 0;
  const slug = sub.metadata?.planSlug;
  const latest =
    sub.latest_invoice && typeof sub.latest_invoice === 'object' ? toProviderInvoice(sub.latest_invoice) : undefined;
  return {
    id: sub.id,
    customerId: sub.customer,
    status: statusOf(sub.status),
    planSlug: PLAN_SLUGS.find((s) => s === slug),
    interval: FROM_STRIPE_INTERVAL[item?.price.recurring?.interval ?? ''],
    trialEnd: sub.trial_end ? iso(sub.trial_end) : null,
    currentPeriodEnd: iso(periodEnd),
    // The portal's "cancel" sets cancel_at to the period end rather than the flag: both mean "will not renew".
    cancelAtPeriodEnd: sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at !== undefined),
    latestInvoice: latest,
    scheduleId: sub.schedule ?? null,
  };
}

const checkoutSessionSchema = z
  .object({
    id: z.string(),
    mode: z.string().nullish(),
    client_reference_id: z.string().nullish(),
    customer: id.nullish(),
    subscription: id.nullish(),
  })
  .loose();

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

/**
 * Verifies a Stripe-Signature header over the raw body with the stripe package (HMAC-SHA256 of
 * `timestamp.body`, timestamp within the tolerance), then reads the event.
 */
export function parseStripeEvent(rawBody: string | Buffer, header: string | undefined, secret: string): BillingEvent {
  if (!header) throw new WebhookSignatureError('No Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError((error as Error).message);
  }
  const base = { id: event.id, type: event.type };
  const object: unknown = event.data.object;
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const session = checkoutSessionSchema.parse(object);
    if (session.mode && session.mode !== 'subscription') return { ...base, kind: 'ignored' };
    return {
      ...base,
      kind: 'checkout-completed',
      sessionId: session.id,
      companyRef: session.client_reference_id ?? null,
      customerId: session.customer ?? null,
      subscriptionId: session.subscription ?? null,
    };
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const sub = stripeSubscriptionSchema.pick({ id: true, customer: true }).loose().parse(object);
    return { ...base, kind: 'subscription-changed', subscriptionId: sub.id, customerId: sub.customer };
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_succeeded') {
    return { ...base, kind: 'invoice-paid', invoice: toProviderInvoice(object) };
  }
  return { ...base, kind: 'ignored' };
}
