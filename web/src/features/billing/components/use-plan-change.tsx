import { useState } from 'react';
import { formatUsd, monthlyPrice, type Plan, type PlanChangePreview, type Subscription } from '@shared/schemas/billing';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { useChangePlan } from '@/api/billing/change-plan';
import { previewPlanChange } from '@/api/billing/preview-plan-change';

const perMonth = (plan: Plan) => {
  const cents = monthlyPrice(plan);
  return cents === undefined ? '' : `${formatUsd(cents)} a month`;
};

/** What the confirm dialog says: what is paid now (an upgrade) or when the change happens (a downgrade). */
function dialogText(preview: PlanChangePreview, plan: Plan, subscription: Subscription) {
  const name = plan.name;
  if (preview.change === 'downgrade') {
    const date = formatDate(preview.effectiveAt);
    return {
      title: `Downgrade to ${name}?`,
      description: `You keep ${subscription.plan.name} until ${date}. Then ${name} starts, at ${perMonth(plan)}. Nothing is charged now.`,
      // Short labels: the dialog's two buttons share one row on a phone.
      confirmLabel: 'Downgrade',
    };
  }
  const renews = subscription.to ? ` from ${formatDate(subscription.to)}` : '';
  return {
    title: `Upgrade to ${name}?`,
    description:
      preview.amountDue > 0
        ? `You pay ${formatUsd(preview.amountDue)} now, the difference for the rest of this period, then ${perMonth(plan)}${renews}. ${name}'s features open at once.`
        : `Nothing to pay now: your trial goes on with ${name}, then ${perMonth(plan)}${renews}. ${name}'s features open at once.`,
    confirmLabel: preview.amountDue > 0 ? `Pay ${formatUsd(preview.amountDue)}` : 'Upgrade',
  };
}

/**
 * A plan card's Upgrade or Downgrade: the provider prices the change first, the user confirms
 * what it costs now or when it happens, and the change is made at the price shown.
 */
export function usePlanChange(subscription: Subscription) {
  const confirm = useConfirm();
  const change = useChangePlan();
  const [previewing, setPreviewing] = useState<string | null>(null);

  const onError = (error: unknown) => {
    // A 402 opens the upgrade prompt (app/provider.tsx): no second message.
    if (!promptIfUpgradeRequired(error)) notify.error(errorMessage(error));
  };

  const start = async (plan: Plan) => {
    setPreviewing(plan.slug);
    let preview: PlanChangePreview;
    try {
      preview = await previewPlanChange(plan.slug);
    } catch (error) {
      onError(error);
      return;
    } finally {
      setPreviewing(null);
    }
    const ok = await confirm({
      ...dialogText(preview, plan, subscription),
      cancelLabel: `Keep ${subscription.plan.name}`,
    });
    if (!ok) return;
    change.mutate(
      { plan: plan.slug, prorationDate: preview.prorationDate },
      { onSuccess: ({ message }) => notify.success(message), onError },
    );
  };

  const busy = previewing !== null || change.isPending;
  const pendingFor = (plan: Plan) =>
    previewing === plan.slug || (change.isPending && change.variables.plan === plan.slug);
  return { start, busy, pendingFor };
}
