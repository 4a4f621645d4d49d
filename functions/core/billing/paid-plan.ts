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
 * Whether the company's plan opens the paid features: a trial opens every one while it lasts,
 * a demo company's (source `demo`, kept by the app) as much as a provider's. What keeps a demo
 * off the platforms is not the plan but the demo rule of scheduling and publishing.
 */
export async function hasPaidPlan(companyId: number): Promise<boolean> {
  const sub = await getSubscription(companyId);
  return isPaid(sub, sub && (await findPlan(sub.planSlug)));
}
