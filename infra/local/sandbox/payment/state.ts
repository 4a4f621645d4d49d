import { randomBytes } from 'node:crypto';
import { clock } from '../../../../functions/core/clock';

/** The simulated provider's state, kept in DATA_DIR/payment-sandbox.json (sandbox-store.ts). */
export type StripeInterval = 'day' | 'week' | 'month' | 'year';

export interface SandboxSession {
  id: string;
  clientReferenceId: string;
  customer: string | null;
  subscription: string | null;
  plan: { slug: string; name: string };
  amount: number;
  interval: StripeInterval;
  trialDays: number;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete';
  created: number;
}

export interface SandboxSubscription {
  id: string;
  customer: string;
  status: 'trialing' | 'active' | 'canceled';
  plan: { slug: string; name: string };
  amount: number;
  interval: StripeInterval;
  metadata: Record<string, string>;
  created: number;
  trialEnd: number | null;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  latestInvoice: string | null;
  /** The subscription schedule managing it, if any (a downgrade at the period end). */
  schedule?: string | null;
}

/** What a subscription becomes: a plan, its price and interval, and the metadata set with it. */
export interface SandboxPhase {
  plan: { slug: string; name: string };
  amount: number;
  interval: StripeInterval;
  metadata: Record<string, string>;
}

/**
 * A subscription schedule as Stripe runs one made `from_subscription` with a second phase: the
 * current phase until the period end, then `next` for one period (during which it stays
 * attached), then released (`end_behavior: release`), the subscription going on as it is.
 */
export interface SandboxSchedule {
  id: string;
  subscription: string;
  status: 'active' | 'released' | 'completed';
  /** Where the current phase ends (the subscription's period end when it was made). */
  phaseEnd: number;
  next: SandboxPhase;
  /** Whether `next` has begun. */
  nextBegun: boolean;
  created: number;
  releasedAt: number | null;
}

export interface SandboxInvoice {
  id: string;
  number: string;
  customer: string;
  subscription: string;
  amount: number;
  description: string;
  created: number;
  periodStart: number;
  periodEnd: number;
}

export interface SandboxState {
  port?: number;
  invoiceSequence: number;
  sessions: Record<string, SandboxSession>;
  subscriptions: Record<string, SandboxSubscription>;
  invoices: Record<string, SandboxInvoice>;
  customers: Record<string, { id: string; created: number }>;
  portals: Record<string, { id: string; customer: string; returnUrl: string }>;
  schedules: Record<string, SandboxSchedule>;
  /** Idempotency-Key → the request's parameters and the answer given, replayed for the same key. */
  idempotency: Record<string, { params: string; status: number; body: unknown }>;
}

export function emptyState(): SandboxState {
  return {
    invoiceSequence: 0,
    sessions: {},
    subscriptions: {},
    invoices: {},
    customers: {},
    portals: {},
    schedules: {},
    idempotency: {},
  };
}

/** What the payment routes share. */
export interface PaymentContext {
  state: SandboxState;
  /** Where the app listens: the checkout address and the webhook are on it. */
  appUrl: string;
  origin: () => string;
  /** Writes the state file (before the answer that changed it). */
  save: () => void;
  returnAllowed: (url: string) => boolean;
  /** Sends events to the app's webhook, in order. */
  emit: (events: { type: string; object: unknown }[]) => void;
}

export const DAY = 24 * 3600;
export const PERIOD_SECONDS: Record<StripeInterval, number> = {
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const newId = (prefix: string) =>
  `${prefix}_sim_${Array.from(randomBytes(24), (b) => ID_CHARS[b % ID_CHARS.length]).join('')}`;
/** The provider's time follows the embedded runtime's dev clock, as a Stripe test clock would follow its own. */
export const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
