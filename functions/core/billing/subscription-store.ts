import type { Interval, Plan, PlanSlug, Subscription } from '@shared/schemas/billing';
import { DomainError } from '../errors';
import { log } from '../log';
import { STALE_WRITE } from '../table/entity';
import { keys } from '../table/keys';
import type { ProviderName, ProviderSubscription } from './billing-port';
import { recordInvoice } from './invoice-store';
import { findPlan, priceOf } from './plan-store';
import { subscriptions, type SubscriptionItem } from './subscription-entity';

/**
 * A demo company's plan: a paid one, so every page of a demo shows what the plan offers. Only
 * the pages: the paid-plan gate (hasPaidPlan) does not count a demo trial as paid.
 */
const DEMO_PLAN: PlanSlug = 'agency';
const DEMO_TRIAL_DAYS = 365;
/** A renewal's webhook may come a little after the period ends: the gate stays open meanwhile. */
const RENEWAL_GRACE_MS = 24 * 3600_000;

export const getSubscription = (companyId: number) =>
  subscriptions.get(keys.subscription(companyId), { consistent: true });

const ended = (sub: SubscriptionItem, now: number) =>
  sub.status === 'canceled' || (sub.cancelAtPeriodEnd && Date.parse(sub.currentPeriodEnd) <= now);

/** Whether the provider still runs it: not cancelled and ended. */
export const isLive = (sub: SubscriptionItem, now = Date.now()) => !ended(sub, now);

/**
 * The paid-plan rule: a trialing or active subscription, not over, to a plan whose price for
 * its interval is above zero. Free, expired, past due, or cancelled and ended does not pass.
 */
export function isPaid(sub: SubscriptionItem | undefined, plan: Plan | undefined, now = Date.now()): boolean {
  if (!sub || !plan || ended(sub, now)) return false;
  if ((priceOf(plan, sub.interval)?.amount ?? 0) <= 0) return false;
  if (sub.status === 'trialing') return Date.parse(sub.trialEnd ?? sub.currentPeriodEnd) > now;
  if (sub.status !== 'active') return false;
  const end = Date.parse(sub.currentPeriodEnd);
  return sub.cancelAtPeriodEnd ? end > now : end + RENEWAL_GRACE_MS > now;
}

/** GET /api/billing/subscription: the subscription, or the free plan when there is none. */
export async function subscriptionView(companyId: number, now = Date.now()): Promise<Subscription> {
  const sub = await getSubscription(companyId);
  if (!sub) {
    const free = await findPlan('free');
    return {
      plan: { slug: 'free', name: free?.name ?? 'Free' },
      interval: null,
      status: 'free',
      trialEnd: null,
      to: null,
      autoRenewal: false,
      canCancel: false,
      isCancelled: false,
      isPaid: false,
      pendingChange: null,
    };
  }
  const plan = await findPlan(sub.planSlug);
  const live = isLive(sub, now);
  return {
    plan: { slug: sub.planSlug, name: plan?.name ?? sub.planSlug },
    interval: sub.interval,
    status: sub.status,
    trialEnd: sub.trialEnd,
    to: sub.currentPeriodEnd,
    autoRenewal: live && !sub.cancelAtPeriodEnd,
    canCancel: live && !sub.cancelAtPeriodEnd && sub.source !== 'demo',
    isCancelled: sub.cancelAtPeriodEnd || sub.status === 'canceled',
    isPaid: isPaid(sub, plan, now),
    pendingChange: live && sub.pendingChange ? await pendingView(sub.pendingChange) : null,
  };
}

async function pendingView(pending: NonNullable<SubscriptionItem['pendingChange']>) {
  const plan = await findPlan(pending.planSlug);
  return { plan: { slug: pending.planSlug, name: plan?.name ?? pending.planSlug }, effectiveAt: pending.effectiveAt };
}

type Unversioned = Omit<SubscriptionItem, 'version'>;

/**
 * Writes the subscription built from the stored one (or from nothing): created when absent, else
 * changed under the version it was built from, and built again from a fresh read when another
 * write came first. `build` answers undefined to write nothing.
 */
async function save(
  companyId: number,
  build: (current: SubscriptionItem | undefined) => Unversioned | undefined,
): Promise<{ item: SubscriptionItem | undefined; written: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const current = await getSubscription(companyId);
    const next = build(current);
    if (!next) return { item: current, written: false };
    try {
      if (!current) {
        if (await subscriptions.put({ ...next, version: 1 }, { ifAbsent: true }))
          return { item: { ...next, version: 1 }, written: true };
        continue;
      }
      const updated = await subscriptions.update(keys.subscription(companyId), next, {
        expectedVersion: current.version,
      });
      if (updated) return { item: updated, written: true };
    } catch (error) {
      if (attempt >= 9 || !(error instanceof DomainError && error.message === STALE_WRITE)) throw error;
    }
  }
}

type PendingChange = NonNullable<SubscriptionItem['pendingChange']>;

/**
 * What the provider's state says of the stored pending change: kept (undefined) while it still
 * waits, or while a plan change holds the claim (its holder writes it), and null once the
 * schedule is gone or its lower plan has begun.
 */
function pendingAfter(current: SubscriptionItem | undefined, remote: ProviderSubscription, now: number) {
  const pending = current?.providerSubscriptionId === remote.id ? current.pendingChange : null;
  if (!pending) return current?.pendingChange ? null : undefined;
  if (current?.changeClaim && current.changeClaim.until > now) return undefined;
  return remote.scheduleId !== pending.scheduleId || remote.planSlug === pending.planSlug ? null : undefined;
}

/**
 * Mirrors the provider's subscription onto the company. `replaces` is set by a completed
 * checkout, whose subscription becomes the company's; any other event about a different
 * subscription than the company's live one (an older one ending later) changes nothing.
 * `pending` is the plan change's own word on the waiting downgrade (set, or null: gone).
 */
export async function applyProviderSubscription(
  companyId: number,
  provider: ProviderName,
  remote: ProviderSubscription,
  options: {
    replaces: boolean;
    chosen?: { planSlug: PlanSlug; interval: Interval };
    pending?: PendingChange | null;
  },
): Promise<SubscriptionItem | undefined> {
  const { item, written } = await save(companyId, (current) => {
    if (current && current.providerSubscriptionId !== remote.id && !options.replaces && isLive(current))
      return undefined;
    const planSlug = options.chosen?.planSlug ?? remote.planSlug ?? current?.planSlug;
    const interval = remote.interval ?? options.chosen?.interval ?? current?.interval;
    if (!planSlug || !interval) {
      log('warn', 'billing: subscription without a plan the app knows; not applied', {
        companyId,
        subscriptionId: remote.id,
      });
      return undefined;
    }
    return {
      companyId,
      source: provider,
      providerSubscriptionId: remote.id,
      customerId: remote.customerId,
      planSlug,
      interval,
      status: remote.status,
      trialEnd: remote.trialEnd,
      currentPeriodEnd: remote.currentPeriodEnd,
      cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
      // Undefined keeps the stored value (the change claim always; the pending change as pendingAfter says).
      pendingChange: options.pending !== undefined ? options.pending : pendingAfter(current, remote, Date.now()),
      updatedAt: new Date().toISOString(),
    };
  });
  if (written && remote.latestInvoice?.paid) await recordInvoice(companyId, remote.latestInvoice);
  return item;
}

/** A demo company starts on a long trial of a paid plan, kept by the app (no provider, nothing to pay, nothing it opens). */
export async function startDemoTrial(companyId: number): Promise<void> {
  const now = new Date();
  const end = new Date(now.getTime() + DEMO_TRIAL_DAYS * 24 * 3600_000).toISOString();
  await subscriptions.put(
    {
      companyId,
      source: 'demo',
      providerSubscriptionId: null,
      customerId: null,
      planSlug: DEMO_PLAN,
      interval: 'month',
      status: 'trialing',
      trialEnd: end,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      updatedAt: now.toISOString(),
      version: 1,
    },
    { ifAbsent: true },
  );
}
