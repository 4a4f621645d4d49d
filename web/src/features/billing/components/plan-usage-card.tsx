import { messages } from '@shared/messages';
import { billingMessages, type Subscription } from '@shared/schemas/billing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { useCancelSubscription } from '@/api/billing/cancel-subscription';
import { useCancelPlanChange } from '@/api/billing/cancel-plan-change';
import { INTERVAL_LABEL, renewalSentence, statusBadge } from './subscription-status';

const yesNo = (value: boolean) => (value ? 'Included' : 'Not included');

/** Plan & Usage: the current plan, what it allows, when it renews or ends, and Cancel (unless `readOnly`). */
export function PlanUsageCard({ subscription, readOnly = false }: { subscription: Subscription; readOnly?: boolean }) {
  const confirm = useConfirm();
  const cancel = useCancelSubscription();
  const keep = useCancelPlanChange();
  const badge = statusBadge(subscription);
  const next = renewalSentence(subscription);

  const onCancel = async () => {
    const ok = await confirm({
      title: `Cancel your ${subscription.plan.name} subscription?`,
      description: 'It stays active until the end of the period you paid for, and will not renew after that.',
      confirmLabel: 'Cancel subscription',
      cancelLabel: 'Keep it',
      destructive: true,
    });
    if (!ok) return;
    cancel.mutate(undefined, {
      onSuccess: () => notify.success('Your subscription has been cancelled. It will not renew.'),
      onError: (error) => {
        // A 402 opens the upgrade prompt (app/provider.tsx): no second message.
        if (!promptIfUpgradeRequired(error)) notify.error(errorMessage(error));
      },
    });
  };

  const onKeep = () =>
    keep.mutate(undefined, {
      onSuccess: () => notify.success(billingMessages.downgradeCancelled(subscription.plan.name)),
      onError: (error) => {
        if (!promptIfUpgradeRequired(error)) notify.error(errorMessage(error));
      },
    });

  return (
    <Card title="Plan & Usage" description="Your company's plan and what it includes.">
      <div className="plan-usage">
        <div className="plan-usage__head">
          <p className="plan-usage__name">
            {subscription.plan.name}
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </p>
          {subscription.canCancel && !readOnly ? (
            <Button variant="danger-ghost" pending={cancel.isPending} onClick={() => void onCancel()}>
              Cancel subscription
            </Button>
          ) : null}
        </div>
        {next ? <p className="muted">{next}</p> : null}
        {subscription.pendingChange && !readOnly ? (
          <div className="plan-usage__pending">
            <Button variant="secondary" pending={keep.isPending} onClick={onKeep}>
              Keep {subscription.plan.name}
            </Button>
          </div>
        ) : null}
        <dl className="plan-usage__facts">
          <div>
            <dt>Billing</dt>
            <dd>{subscription.interval ? INTERVAL_LABEL[subscription.interval] : 'No payment'}</dd>
          </div>
          <div>
            <dt>Scheduling and publishing</dt>
            <dd>{yesNo(subscription.isPaid)}</dd>
          </div>
          <div>
            <dt>SEO keywords and report rechecks</dt>
            <dd>{yesNo(subscription.isPaid)}</dd>
          </div>
        </dl>
        {subscription.isPaid ? null : <Alert type="warning">{messages.noPlanWarning}</Alert>}
      </div>
    </Card>
  );
}
