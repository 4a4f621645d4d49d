import type { Interval, Plan, PlanSlug, Subscription } from '@shared/schemas/billing';
import { log } from '../log';
import { keys } from '../table/keys';
import type { ProviderName, ProviderSubscription } from './billing-port';
import { recordInvoice } from './invoice-store';
import { findPlan, priceOf } from './plan-store';
import { subscriptions, type SubscriptionItem } from './subscription-entity';

/**
 * A demo company's plan: a paid one, so every page of a demo shows what the plan offers. Only
 * the pages: the paid-plan gate (hasPaidPlan) does not count a demo trial as paid.
 */
export const DEMO_PLAN: PlanSlug = 'agency';
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
  };
}

/** Writes the whole subscription: created when absent, else changed under the entity's version check. */
async function save(next: Omit<SubscriptionItem, 'version'>): Promise<SubscriptionItem> {
  const key = keys.subscription(next.companyId);
  if (await subscriptions.put({ ...next, version: 1 }, { ifAbsent: true })) return { ...next, version: 1 };
  const updated = await subscriptions.update(key, next);
  if (!updated) return save(next);
  return updated;
}

/**
 * Mirrors the provider's subscription onto the company. `replaces` is set by a completed
 * checkout, whose subscription becomes the company's; any other event about a different
 * subscription than the company's live one (an older one ending later) changes nothing.
 */
export async function applyProviderSubscription(
  companyId: number,
  provider: ProviderName,
  remote: ProviderSubscription,
  options: { replaces: boolean; chosen?: { planSlug: PlanSlug; interval: Interval } },
): Promise<SubscriptionItem | undefined> {
  const current = await getSubscription(companyId);
  if (current && current.providerSubscriptionId !== remote.id && !options.replaces && isLive(current)) return current;
  const planSlug = options.chosen?.planSlug ?? remote.planSlug ?? current?.planSlug;
  const interval = remote.interval ?? options.chosen?.interval ?? current?.interval;
  if (!planSlug || !interval) {
    log('warn', 'billing: subscription without a plan the app knows; not applied', {
      companyId,
      subscriptionId: remote.id,
    });
    return current;
  }
  const saved = await save({
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
    updatedAt: new Date().toISOString(),
  });
  if (remote.latestInvoice?.paid) await recordInvoice(companyId, remote.latestInvoice);
  return saved;
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
