import type { Interval, Plan, PlanSlug } from '@shared/schemas/billing';

/**
 * The payment provider, as the billing domain needs it. Two adapters implement it and pass one
 * contract suite (tests/unit/billing-port-contract.test.ts): Stripe (stripe-adapter.ts) in AWS,
 * and the simulated provider of the embedded runtime (simulated-adapter.ts), a loopback server
 * whose checkout is the spec's payment simulation. Both send their events in Stripe's event
 * format and signature scheme to the same webhook route.
 */
export type ProviderName = 'stripe' | 'simulated';

export interface CheckoutRequest {
  companyId: number;
  plan: Plan;
  interval: Interval;
  /** Cents per interval, above zero. */
  amount: number;
  trialDays: number;
  /** The company's customer at the provider, once it has one: payment details are kept. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderInvoice {
  id: string;
  number: string;
  /** ISO time the invoice was paid (or created). */
  date: string;
  amount: number;
  link: string;
  paid: boolean;
  customerId: string | null;
  subscriptionId: string | null;
}

export type ProviderSubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'unpaid' | 'incomplete' | 'canceled';

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  /** From the subscription's metadata, set by the checkout this app started. */
  planSlug: PlanSlug | undefined;
  interval: Interval | undefined;
  trialEnd: string | null;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  latestInvoice: ProviderInvoice | undefined;
  /** The schedule that will change the subscription later (a downgrade at the period end), if any. */
  scheduleId: string | null;
}

/** A change of the subscription's plan, keeping its interval. */
export interface PlanChangeRequest {
  subscriptionId: string;
  plan: Plan;
  interval: Interval;
  /** The new plan's price in cents per interval, above zero. */
  amount: number;
  /** Unix seconds the proration is computed at: the preview's, so the charge is the amount shown. */
  prorationDate: number;
  /** The same change asked twice (a retry, a double click) is made, and charged, once. */
  idempotencyKey: string;
}

/** A verified webhook event, reduced to what the app acts on. */
export type BillingEvent = { id: string; type: string } & (
  | {
      kind: 'checkout-completed';
      sessionId: string;
      companyRef: string | null;
      customerId: string | null;
      subscriptionId: string | null;
    }
  | { kind: 'subscription-changed'; subscriptionId: string; customerId: string | null }
  | { kind: 'invoice-paid'; invoice: ProviderInvoice }
  | { kind: 'ignored' }
);

export interface BillingProvider {
  readonly name: ProviderName;
  startCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Cancels at the end of the paid period: nothing is refunded, nothing renews. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Cents an upgrade would charge now: the price difference for the rest of the period. */
  previewUpgrade(change: Omit<PlanChangeRequest, 'idempotencyKey'>): Promise<number>;
  /** Moves to the plan now and charges the prorated difference at once; `latestInvoice` is that charge. */
  upgradeNow(change: PlanChangeRequest): Promise<ProviderSubscription>;
  /** Keeps the plan until the period ends, then moves to the given one; `scheduleId` is set. */
  downgradeAtPeriodEnd(change: PlanChangeRequest): Promise<ProviderSubscription>;
  /** Drops the schedule: the subscription renews on its current plan. */
  releaseSchedule(subscriptionId: string, scheduleId: string): Promise<ProviderSubscription>;
  /** Verifies the signature (and its age) over the raw body; throws WebhookSignatureError otherwise. */
  parseWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): Promise<BillingEvent>;
}

/** A webhook whose signature does not verify, or is too old: refused with a 400. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}
