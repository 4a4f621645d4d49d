import Stripe from 'stripe';
import type { BillingProvider, CheckoutRequest } from './billing-port';
import type { StripeKeys } from './billing-config';
import { parseStripeEvent, TO_STRIPE_INTERVAL, toProviderSubscription } from './stripe-format';

export interface StripeAdapterOptions {
  keys(): Promise<StripeKeys>;
  /** Another address for the API (a loopback Stripe in tests), e.g. http://127.0.0.1:4242. */
  apiBase?: string;
}

/**
 * Stripe through the stripe package: a Checkout Session in subscription mode for an upgrade
 * (the price given inline, so the plans in the table stay the only price list), a Billing
 * Portal session for payment details, cancel at period end, and signed webhooks.
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

    async getSubscription(subscriptionId) {
      return toProviderSubscription(
        await (await stripe()).subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] }),
      );
    },

    async cancelAtPeriodEnd(subscriptionId) {
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
