import Stripe from 'stripe';
import type { Plan } from '@shared/schemas/billing';
import type { BillingProvider, CheckoutRequest, PlanChangeRequest } from './billing-port';
import type { StripeKeys } from './billing-config';
import { parseStripeEvent, TO_STRIPE_INTERVAL, toProviderSubscription } from './stripe-format';

export interface StripeAdapterOptions {
  keys(): Promise<StripeKeys>;
  /** Another address for the API (a loopback Stripe in tests), e.g. http://127.0.0.1:4242. */
  apiBase?: string;
}

/** Our id for a plan's Stripe product (Stripe lets the caller choose a product's id). */
const productId = (plan: Plan) => `plan_${plan.slug}`;

/** A subscription item's or a phase item's inline price: Stripe takes a product id there, not product_data. */
const priceData = (product: string, change: Omit<PlanChangeRequest, 'idempotencyKey'>) => ({
  currency: 'usd',
  product,
  unit_amount: change.amount,
  recurring: { interval: TO_STRIPE_INTERVAL[change.interval] },
});

const planMetadata = (change: Omit<PlanChangeRequest, 'idempotencyKey'>) => ({
  planSlug: change.plan.slug,
  interval: change.interval,
});

const stripeCode = (error: unknown) => (error instanceof Stripe.errors.StripeError ? error.code : undefined);

/**
 * Stripe through the stripe package: a Checkout Session in subscription mode for an upgrade
 * (the price given inline, so the plans in the table stay the only price list), a Billing
 * Portal session for payment details, cancel at period end, and signed webhooks. A plan change
 * follows Stripe's guides: an upgrade updates the subscription item's price with
 * `proration_behavior: always_invoice` (the prorated difference invoiced and paid at once,
 * `payment_behavior: error_if_incomplete` so an unpaid upgrade changes nothing) at the
 * previewed `proration_date`; a downgrade puts the subscription under a subscription schedule
 * (`from_subscription`, then a second phase on the lower price from the period end).
 */
export function createStripeAdapter(options: StripeAdapterOptions): BillingProvider {
  let client: { key: string; stripe: Stripe } | undefined;
  const stripe = async () => {
    const { secretKey } = await options.keys();
    if (client?.key !== secretKey) {
      const base = options.apiBase ? new URL(options.apiBase) : undefined;
      client = {
        key: secretKey,
        stripe: new Stripe(secretKey, {
          maxNetworkRetries: 2,
          timeout: 15_000,
          ...(base
            ? { host: base.hostname, port: base.port, protocol: base.protocol === 'http:' ? 'http' : 'https' }
            : {}),
        }),
      };
    }
    return client.stripe;
  };

  /** The plan's product, created the first time a change needs it (two at once: the loser reads it). */
  async function productFor(plan: Plan): Promise<string> {
    const s = await stripe();
    try {
      return (await s.products.retrieve(productId(plan))).id;
    } catch (error) {
      if (stripeCode(error) !== 'resource_missing') throw error;
    }
    try {
      return (await s.products.create({ id: productId(plan), name: plan.name, metadata: { planSlug: plan.slug } })).id;
    } catch (error) {
      if (stripeCode(error) === 'resource_already_exists') return productId(plan);
      throw error;
    }
  }

  /**
   * The subscription's item; with `unschedule`, a schedule still attached (a downgrade that began,
   * or one being replaced) is released first: Stripe refuses a second schedule and changes to
   * the cancellation of a scheduled subscription, and its next phase would undo an upgrade.
   */
  const itemOf = async (subscriptionId: string, unschedule: boolean) => {
    const s = await stripe();
    const sub = await s.subscriptions.retrieve(subscriptionId);
    if (unschedule && sub.schedule)
      await s.subscriptionSchedules.release(typeof sub.schedule === 'string' ? sub.schedule : sub.schedule.id);
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
    return item;
  };

  const retrieve = async (subscriptionId: string) =>
    toProviderSubscription(
      await (await stripe()).subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] }),
    );

  return {
    name: 'stripe',

    async startCheckout(request: CheckoutRequest) {
      const metadata = {
        companyId: String(request.companyId),
        planSlug: request.plan.slug,
        interval: request.interval,
      };
      const session = await (
        await stripe()
      ).checkout.sessions.create({
        mode: 'subscription',
        client_reference_id: String(request.companyId),
        ...(request.customerId ? { customer: request.customerId } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: request.amount,
              recurring: { interval: TO_STRIPE_INTERVAL[request.interval] },
              product_data: { name: request.plan.name, metadata: { planSlug: request.plan.slug } },
            },
          },
        ],
        subscription_data: {
          metadata,
          ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
        },
        metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },

    getSubscription: retrieve,

    async previewUpgrade(change) {
      const [item, product] = await Promise.all([itemOf(change.subscriptionId, false), productFor(change.plan)]);
      const preview = await (
        await stripe()
      ).invoices.createPreview({
        subscription: change.subscriptionId,
        subscription_details: {
          items: [{ id: item.id, price_data: priceData(product, change) }],
          proration_behavior: 'always_invoice',
          proration_date: change.prorationDate,
        },
      });
      return Math.max(0, preview.amount_due);
    },

    async upgradeNow(change) {
      const [item, product] = await Promise.all([itemOf(change.subscriptionId, true), productFor(change.plan)]);
      return toProviderSubscription(
        await (
          await stripe()
        ).subscriptions.update(
          change.subscriptionId,
          {
            items: [{ id: item.id, price_data: priceData(product, change) }],
            metadata: planMetadata(change),
            proration_behavior: 'always_invoice',
            proration_date: change.prorationDate,
            payment_behavior: 'error_if_incomplete',
            expand: ['latest_invoice'],
          },
          { idempotencyKey: change.idempotencyKey },
        ),
      );
    },

    async downgradeAtPeriodEnd(change) {
      const s = await stripe();
      const [, product] = await Promise.all([itemOf(change.subscriptionId, true), productFor(change.plan)]);
      // Stripe: with from_subscription no phases may be given; they are set by a second call.
      const schedule = await s.subscriptionSchedules.create(
        { from_subscription: change.subscriptionId },
        { idempotencyKey: `${change.idempotencyKey}:schedule` },
      );
      const current = schedule.phases[0];
      if (!current) throw new Error(`Stripe schedule ${schedule.id} has no current phase`);
      await s.subscriptionSchedules.update(
        schedule.id,
        {
          end_behavior: 'release',
          phases: [
            {
              start_date: current.start_date,
              end_date: current.end_date,
              items: current.items.map((i) => ({
                price: typeof i.price === 'string' ? i.price : i.price.id,
                quantity: i.quantity ?? 1,
              })),
              ...(current.trial_end ? { trial_end: current.trial_end } : {}),
            },
            {
              items: [{ price_data: priceData(product, change), quantity: 1 }],
              duration: { interval: TO_STRIPE_INTERVAL[change.interval], interval_count: 1 },
              metadata: planMetadata(change),
              proration_behavior: 'none',
            },
          ],
        },
        { idempotencyKey: `${change.idempotencyKey}:phases` },
      );
      return retrieve(change.subscriptionId);
    },

    async releaseSchedule(subscriptionId, scheduleId) {
      await (await stripe()).subscriptionSchedules.release(scheduleId);
      return retrieve(subscriptionId);
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await itemOf(subscriptionId, true);
      return toProviderSubscription(
        await (
          await stripe()
        ).subscriptions.update(subscriptionId, { cancel_at_period_end: true, expand: ['latest_invoice'] }),
      );
    },

    async portalUrl(customerId, returnUrl) {
      return (await (await stripe()).billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }))
        .url;
    },

    async parseWebhook(rawBody, signatureHeader) {
      return parseStripeEvent(rawBody, signatureHeader, (await options.keys()).webhookSecret);
    },
  };
}
