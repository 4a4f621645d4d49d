import { randomUUID } from 'node:crypto';
import { billingMessages, type Plan, type PlanChangePreview } from '@shared/schemas/billing';
import { clock } from '../clock';
import { conflict, DomainError, fieldError } from '../errors';
import { STALE_WRITE } from '../table/entity';
import { keys } from '../table/keys';
import type { BillingProvider, PlanChangeRequest } from './billing-port';
import { billingProvider } from './billing-provider';
import { findPlan, priceOf } from './plan-store';
import { subscriptions, type SubscriptionItem } from './subscription-entity';
import { applyProviderSubscription, getSubscription, isLive, subscriptionView } from './subscription-store';

/** Longer than any provider call of a change takes; a claim left by a crash lapses after it. */
const CLAIM_MS = 60_000;
/**
 * The time of a change is the clock's: the provider's stand-in keeps its periods by the embedded
 * runtime's dev clock, so a proration moment must be read from the same clock (in AWS it is the real time).
 */
const nowMs = () => clock.now().getTime();
/** How old a preview's proration moment may be when the change is confirmed. */
const PRORATION_MAX_AGE_SECONDS = 15 * 60;

type Live = { current: SubscriptionItem; provider: BillingProvider; subscriptionId: string };

/** A subscription a plan change applies to: paid through the configured provider, running and renewing. */
async function changeable(companyId: number, now: number): Promise<Live> {
  const current = await getSubscription(companyId);
  if (!current || !isLive(current, now)) throw conflict(billingMessages.noPlanToChange);
  if (current.source === 'demo' || !current.providerSubscriptionId) throw conflict(billingMessages.demoCannotChange);
  if (current.cancelAtPeriodEnd) throw conflict(billingMessages.cancelledCannotChange);
  const provider = billingProvider();
  if (current.source !== provider.name || (current.status !== 'active' && current.status !== 'trialing'))
    throw conflict(billingMessages.noPlanToChange);
  return { current, provider, subscriptionId: current.providerSubscriptionId };
}

const priceFor = (plan: Plan | undefined, sub: SubscriptionItem) =>
  plan ? (priceOf(plan, sub.interval)?.amount ?? 0) : 0;

/** The plan asked for, its price for the subscription's interval, and which way the change goes (by price). */
async function target(current: SubscriptionItem, slug: string) {
  const plan = await findPlan(slug);
  if (!plan?.isVisible) throw fieldError('plan', billingMessages.unknownPlan);
  if (!plan.canActivate) throw fieldError('plan', billingMessages.cannotActivate);
  const amount = priceFor(plan, current);
  if (amount <= 0) throw fieldError('plan', billingMessages.noPriceForInterval);
  if (plan.slug === current.planSlug) throw conflict(billingMessages.samePlan(plan.name));
  const change: PlanChangePreview['change'] =
    amount > priceFor(await findPlan(current.planSlug), current) ? 'upgrade' : 'downgrade';
  return { plan, amount, change };
}

const planRef = (plan: Plan) => ({ slug: plan.slug, name: plan.name });

/**
 * GET /api/billing/plan-change: what a change to `slug` would do. An upgrade is priced by the
 * provider (the difference for the rest of the period, at this second); a downgrade costs
 * nothing now and takes effect when the period ends.
 */
export async function previewPlanChange(companyId: number, slug: string, now = nowMs()): Promise<PlanChangePreview> {
  const { current, provider, subscriptionId } = await changeable(companyId, now);
  const { plan, amount, change } = await target(current, slug);
  const prorationDate = Math.floor(now / 1000);
  if (change === 'downgrade')
    return { plan: planRef(plan), change, amountDue: 0, effectiveAt: current.currentPeriodEnd, prorationDate };
  const amountDue = await provider.previewUpgrade({
    subscriptionId,
    plan,
    interval: current.interval,
    amount,
    prorationDate,
  });
  return { plan: planRef(plan), change, amountDue, effectiveAt: new Date(now).toISOString(), prorationDate };
}

/**
 * POST /api/billing/plan-change. Up: the provider moves the subscription now and charges the
 * prorated difference (at the preview's moment when given); the features open at once. Down: the
 * provider keeps the plan until the period ends, then switches; the page shows the wait. Either
 * way the change runs under a claim on the subscription, so of two changes at once one is made
 * and the other is told to wait: nothing is charged twice.
 */
export async function changePlan(companyId: number, input: { plan: string; prorationDate?: number }, now = nowMs()) {
  const { current, provider, subscriptionId } = await changeable(companyId, now);
  const { plan, amount, change } = await target(current, input.plan);
  const nowSeconds = Math.floor(now / 1000);
  const prorationDate = input.prorationDate ?? nowSeconds;
  if (prorationDate > nowSeconds + 60 || prorationDate < nowSeconds - PRORATION_MAX_AGE_SECONDS)
    throw fieldError('prorationDate', billingMessages.staleProration);
  if (change === 'downgrade' && current.pendingChange?.planSlug === plan.slug)
    return { subscription: await subscriptionView(companyId), message: billingMessages.downgradeScheduled(plan.name) };

  const claimed = await claim(current, now);
  try {
    const request: PlanChangeRequest = {
      subscriptionId,
      plan,
      interval: current.interval,
      amount,
      prorationDate,
      idempotencyKey: `plan-change-${subscriptionId}-${claimed.version}-${plan.slug}`,
    };
    if (change === 'upgrade') {
      const remote = await provider.upgradeNow(request);
      // Applied now (its invoice too) so the new plan's features open at once; a waiting downgrade is gone with it.
      await applyProviderSubscription(companyId, provider.name, remote, { replaces: false, pending: null });
      return { subscription: await subscriptionView(companyId), message: billingMessages.upgraded(plan.name) };
    }
    const remote = await provider.downgradeAtPeriodEnd(request);
    if (!remote.scheduleId) throw new Error(`the provider scheduled no change for ${subscriptionId}`);
    await applyProviderSubscription(companyId, provider.name, remote, {
      replaces: false,
      pending: {
        planSlug: plan.slug,
        interval: current.interval,
        effectiveAt: remote.currentPeriodEnd,
        scheduleId: remote.scheduleId,
      },
    });
    return { subscription: await subscriptionView(companyId), message: billingMessages.downgradeScheduled(plan.name) };
  } finally {
    await release(companyId, claimed);
  }
}

/** DELETE /api/billing/plan-change: the waiting downgrade is dropped at the provider; the plan renews as it is. */
export async function cancelPlanChange(companyId: number, now = nowMs()) {
  const current = await getSubscription(companyId);
  const pending = current && isLive(current, now) ? current.pendingChange : null;
  if (!current?.providerSubscriptionId || !pending) throw conflict(billingMessages.noPendingChange);
  const provider = billingProvider();
  if (current.source !== provider.name) throw conflict(billingMessages.noPendingChange);
  const claimed = await claim(current, now);
  try {
    const remote = await provider.releaseSchedule(current.providerSubscriptionId, pending.scheduleId);
    await applyProviderSubscription(companyId, provider.name, remote, { replaces: false, pending: null });
  } finally {
    await release(companyId, claimed);
  }
  return subscriptionView(companyId);
}

/**
 * Takes the change claim under the version check: of changes that read the same version, one
 * takes it and the others, reading again, find it held and are refused with a 409 before they
 * reach the provider. A write that is not a claim (a webhook's) is only read past.
 */
async function claim(current: SubscriptionItem, now: number): Promise<SubscriptionItem> {
  let latest: SubscriptionItem | undefined = current;
  for (let attempt = 0; attempt < 5 && latest; attempt++) {
    if (latest.changeClaim && latest.changeClaim.until > now) throw conflict(billingMessages.changeInProgress);
    try {
      const claimed = await subscriptions.update(
        keys.subscription(current.companyId),
        { changeClaim: { token: randomUUID(), until: now + CLAIM_MS } },
        { expectedVersion: latest.version },
      );
      if (claimed) return claimed;
    } catch (error) {
      if (!(error instanceof DomainError && error.message === STALE_WRITE)) throw error;
    }
    latest = await getSubscription(current.companyId);
  }
  throw conflict(latest ? billingMessages.changeInProgress : billingMessages.noPlanToChange);
}

/** Gives the claim back if it is still ours (else it lapses on its own); a webhook's write meanwhile is read again. */
async function release(companyId: number, claimed: SubscriptionItem): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const latest = await getSubscription(companyId);
    if (!latest?.changeClaim || latest.changeClaim.token !== claimed.changeClaim?.token) return;
    try {
      await subscriptions.update(
        keys.subscription(companyId),
        { changeClaim: null },
        { expectedVersion: latest.version },
      );
      return;
    } catch (error) {
      if (!(error instanceof DomainError && error.message === STALE_WRITE)) throw error;
    }
  }
}
