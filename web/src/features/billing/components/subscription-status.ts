import type { Subscription } from '@shared/schemas/billing';
import { formatDate } from '@/lib/format-date';

type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

/** The badge of the current plan, in words a marketer reads at a glance. */
export function statusBadge(subscription: Subscription): { label: string; tone: Tone } {
  if (subscription.status === 'free') return { label: 'Free', tone: 'neutral' };
  if (subscription.status === 'canceled') return { label: 'Ended', tone: 'neutral' };
  if (subscription.isCancelled) return { label: 'Cancelled', tone: 'warning' };
  if (subscription.status === 'trialing') return { label: 'Trial', tone: 'accent' };
  if (subscription.status === 'active') return { label: 'Active', tone: 'success' };
  return { label: 'Payment due', tone: 'danger' };
}

/** One sentence on what happens next: renewal, the end of a cancelled plan, or its end. */
export function renewalSentence(subscription: Subscription): string | undefined {
  const to = subscription.to ? formatDate(subscription.to) : undefined;
  if (subscription.status === 'free' || !to) return undefined;
  if (subscription.status === 'canceled') return `Your subscription ended on ${to}.`;
  if (subscription.isCancelled)
    return `Your subscription is cancelled and will not renew. It stays active until ${to}.`;
  if (subscription.pendingChange)
    return `Your plan changes to ${subscription.pendingChange.plan.name} on ${formatDate(subscription.pendingChange.effectiveAt)}. ${subscription.plan.name} stays until then.`;
  if (subscription.status === 'trialing')
    return `Your free trial runs until ${to}${subscription.autoRenewal ? ', then renews automatically' : ''}.`;
  return subscription.autoRenewal
    ? `Your subscription renews automatically on ${to}.`
    : `Your subscription runs until ${to}.`;
}

export const INTERVAL_LABEL = { month: 'Monthly', year: 'Yearly', day: 'Daily', weekly: 'Weekly' } as const;
