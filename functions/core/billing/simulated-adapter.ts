import type { BillingProvider, CheckoutRequest } from './billing-port';
import { parseStripeEvent, TO_STRIPE_INTERVAL, toProviderSubscription } from './stripe-format';

export interface SimulatedProvider extends BillingProvider {
  /** What the payment simulation page does: pays the checkout, as a customer would on a hosted checkout. */
  payCheckout(sessionId: string): Promise<void>;
}

export class SimulatedProviderError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatedProviderError';
  }
}

/**
 * The embedded runtime's payment provider: a loopback server (infra/local/sandbox/payment-sandbox.ts)
 * with a small JSON API of its own that answers with Stripe's object shapes and sends
 * Stripe-format events, signed with Stripe's scheme, to the same webhook route. Its checkout
 * is the spec's payment simulation page; nothing is charged.
 */
export function createSimulatedAdapter(options: { origin: string; webhookSecret: string }): SimulatedProvider {
  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${options.origin}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const data = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
    if (!response.ok)
      throw new SimulatedProviderError(
        response.status,
        data.error?.message ?? `payment sandbox answered ${response.status}`,
      );
    return data;
  }

  return {
    name: 'simulated',

    async startCheckout(req: CheckoutRequest) {
      const session = (await request('POST', '/v1/checkout/sessions', {
        client_reference_id: String(req.companyId),
        customer: req.customerId,
        plan: { slug: req.plan.slug, name: req.plan.name },
        amount: req.amount,
        interval: TO_STRIPE_INTERVAL[req.interval],
        trial_period_days: req.trialDays,
        metadata: { companyId: String(req.companyId), planSlug: req.plan.slug, interval: req.interval },
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
      })) as { id: string; url: string };
      return { sessionId: session.id, url: session.url };
    },

    async payCheckout(sessionId) {
      await request('POST', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/pay`);
    },

    async getSubscription(subscriptionId) {
      return toProviderSubscription(await request('GET', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`));
    },

    async cancelAtPeriodEnd(subscriptionId) {
      return toProviderSubscription(
        await request('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {
          cancel_at_period_end: true,
        }),
      );
    },

    async portalUrl(customerId, returnUrl) {
      return (
        (await request('POST', '/v1/billing_portal/sessions', { customer: customerId, return_url: returnUrl })) as {
          url: string;
        }
      ).url;
    },

    async parseWebhook(rawBody, signatureHeader) {
      return parseStripeEvent(rawBody, signatureHeader, options.webhookSecret);
    },
  };
}
