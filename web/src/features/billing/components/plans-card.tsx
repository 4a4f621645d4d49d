import { formatUsd, monthlyPrice, type Plan, type Subscription } from '@shared/schemas/billing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { useUpgrade } from '@/api/billing/upgrade';
import { formatDate } from '@/lib/format-date';
import { usePlanChange } from './use-plan-change';

/** Spec 01 §9: only the monthly price is shown, in dollars; a plan without one is FREE. */
function Price({ plan }: { plan: Plan }) {
  const cents = monthlyPrice(plan);
  if (cents === undefined) return <p className="plan-card__price">FREE</p>;
  return (
    <p className="plan-card__price">
      {formatUsd(cents)} <span className="plan-card__per">/ month</span>
    </p>
  );
}

/**
 * Subscription Plans: every visible plan. Without a running subscription, activatable ones offer
 * Activate (the checkout); with one, the others offer Upgrade or Downgrade (by monthly price),
 * and the plan a downgrade waits for says when it starts.
 */
export function PlansCard({ plans, subscription }: { plans: Plan[]; subscription: Subscription }) {
  const upgrade = useUpgrade();
  const planChange = usePlanChange(subscription);
  // A plan change is possible exactly when a cancel is: a provider's subscription that still renews.
  const changing = subscription.canCancel;
  const currentPrice = monthlyPrice(plans.find((p) => p.slug === subscription.plan.slug) ?? { prices: [] }) ?? 0;
  const waitsFor = (plan: Plan) => subscription.pendingChange?.plan.slug === plan.slug;
  const current = (plan: Plan) =>
    plan.slug === subscription.plan.slug &&
    (plan.slug === 'free' ? !subscription.isPaid : subscription.status !== 'canceled');

  const activate = (plan: Plan) =>
    upgrade.mutate(plan.slug, {
      onSuccess: (result) => {
        if ('redirectUrl' in result) window.location.assign(result.redirectUrl);
        else notify.info(result.message);
      },
      onError: (error) => {
        // A 402 opens the upgrade prompt (app/provider.tsx): no second message.
        if (!promptIfUpgradeRequired(error)) notify.error(errorMessage(error));
      },
    });

  return (
    <Card title="Subscription Plans" description="Paid plans schedule and publish your posts. Prices in US dollars.">
      <ul className="plan-grid" aria-label="Subscription plans">
        {plans.map((plan) => (
          <li
            key={plan.slug}
            className={['plan-card', current(plan) ? 'plan-card--current' : ''].join(' ')}
            aria-label={plan.name}
          >
            <h3 className="plan-card__name">
              {plan.name}
              {current(plan) ? <Badge tone="accent">Current plan</Badge> : null}
            </h3>
            <Price plan={plan} />
            <p className="plan-card__description">{plan.description}</p>
            {plan.trialDays > 0 && plan.canActivate && !current(plan) && !changing ? (
              <p className="plan-card__trial">{plan.trialDays}-day free trial</p>
            ) : null}
            {waitsFor(plan) && subscription.pendingChange ? (
              <p className="plan-card__pending">Starts {formatDate(subscription.pendingChange.effectiveAt)}</p>
            ) : null}
            {changing && plan.canActivate && !current(plan) && !waitsFor(plan) ? (
              <Button
                variant={(monthlyPrice(plan) ?? 0) > currentPrice ? 'primary' : 'secondary'}
                block
                pending={planChange.pendingFor(plan)}
                disabled={planChange.busy}
                onClick={() => void planChange.start(plan)}
                aria-label={`${(monthlyPrice(plan) ?? 0) > currentPrice ? 'Upgrade' : 'Downgrade'} to ${plan.name}`}
              >
                {(monthlyPrice(plan) ?? 0) > currentPrice ? 'Upgrade' : 'Downgrade'}
              </Button>
            ) : null}
            {!changing && plan.canActivate && !current(plan) ? (
              <Button
                variant="secondary"
                block
                pending={upgrade.isPending && upgrade.variables === plan.slug}
                disabled={upgrade.isPending}
                onClick={() => activate(plan)}
                aria-label={`Activate ${plan.name}`}
              >
                Activate
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
