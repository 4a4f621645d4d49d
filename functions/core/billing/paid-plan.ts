import { upgradeRequired } from '../errors';
import { findPlan } from './plan-store';
import { getSubscription, isPaid } from './subscription-store';

/**
 * The one paid-plan check for every gated call (scheduling and publishing posts, SEO keywords,
 * SEO report rechecks beyond the free audits): passes for a trialing or active subscription to
 * a plan priced above zero, and throws the 402 UPGRADE_REQUIRED otherwise, whose message is the
 * spec's 'In order to execute, you need to upgrade to the paid version.'
 */
export async function requirePaidPlan(companyId: number): Promise<void> {
  if (!(await hasPaidPlan(companyId))) throw upgradeRequired();
}

/**
 * Whether the company pays for what costs money or reaches a third party. A demo company's
 * trial (source `demo`, kept by the app) is not paid for: it shows the pages of a paid plan
 * (the subscription view says so), while every gated call treats the demo as the free plan.
 */
export async function hasPaidPlan(companyId: number): Promise<boolean> {
  const sub = await getSubscription(companyId);
  if (!sub || sub.source === 'demo') return false;
  return isPaid(sub, await findPlan(sub.planSlug));
}
