import type { BillingProvider, CheckoutRequest, PlanChangeRequest } from './billing-port';
import { parseStripeEvent, TO_STRIPE_INTERVAL, toProviderSubscription } from './stripe-format';

export interface SimulatedProvider extends BillingProvider {
  /** What the payment simulation page does: pays the checkout, as a customer would on a hosted checkout. */
  payCheckout(sessionId: string): Promise<void>;
}

class SimulatedProviderError extends Error {
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
  async function request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<unknown> {
    const response = await fetch(`${options.origin}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
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

  const subscriptionPath = (id: string) => `/v1/subscriptions/${encodeURIComponent(id)}`;
  const retrieve = async (id: string) => toProviderSubscription(await request('GET', subscriptionPath(id)));
  const release = (scheduleId: string) =>
    request('POST', `/v1/subscription_schedules/${encodeURIComponent(scheduleId)}/release`);
  /** As with Stripe: a schedule still attached is released before a change the schedule would refuse or undo. */
  const unschedule = async (id: string) => {
    const { scheduleId } = await retrieve(id);
    if (scheduleId) await release(scheduleId);
  };
  /** The new plan as the sandbox's subscription takes it: its own JSON, Stripe's parameter names. */
  const phase = (change: Omit<PlanChangeRequest, 'idempotencyKey'>) => ({
    plan: { slug: change.plan.slug, name: change.plan.name },
    amount: change.amount,
    interval: TO_STRIPE_INTERVAL[change.interval],
    metadata: { planSlug: change.plan.slug, interval: change.interval },
  });

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

    getSubscription: retrieve,

    async previewUpgrade(change) {
      const preview = (await request('POST', '/v1/invoices/create_preview', {
        subscription: change.subscriptionId,
        subscription_details: {
          ...phase(change),
          proration_behavior: 'always_invoice',
          proration_date: change.prorationDate,
        },
      })) as { amount_due: number };
      return Math.max(0, preview.amount_due);
    },

    async upgradeNow(change) {
      await unschedule(change.subscriptionId);
      return toProviderSubscription(
        await request(
          'POST',
          subscriptionPath(change.subscriptionId),
          {
            ...phase(change),
            proration_behavior: 'always_invoice',
            proration_date: change.prorationDate,
            payment_behavior: 'error_if_incomplete',
          },
          change.idempotencyKey,
        ),
      );
    },

    async downgradeAtPeriodEnd(change) {
      await unschedule(change.subscriptionId);
      await request(
        'POST',
        '/v1/subscription_schedules',
        { from_subscription: change.subscriptionId, next_phase: phase(change) },
        change.idempotencyKey,
      );
      return retrieve(change.subscriptionId);
    },

    async releaseSchedule(subscriptionId, scheduleId) {
      await release(scheduleId);
      return retrieve(subscriptionId);
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await unschedule(subscriptionId);
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
