import { ExternalLink } from 'lucide-react';
import type { Subscription } from '@shared/schemas/billing';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { promptIfUpgradeRequired } from '@/components/upgrade-prompt';
import { useOpenPortal } from '@/api/billing/open-portal';

/** Manage payment details: the provider's portal (cards, billing address, receipts). */
export function PaymentDetailsCard({ subscription }: { subscription: Subscription }) {
  const portal = useOpenPortal();
  const hasDetails = subscription.status !== 'free';
  const open = () =>
    portal.mutate(undefined, {
      onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
      onError: (error) => {
        // A 402 opens the upgrade prompt (app/provider.tsx): no second message.
        if (!promptIfUpgradeRequired(error)) notify.error(errorMessage(error));
      },
    });
  return (
    <Card title="Payment details">
      <div className="payment-details">
        <p className="muted">
          {hasDetails
            ? 'Change your card and billing address with our payment provider.'
            : 'Payment details are kept once you activate a paid plan.'}
        </p>
        <Button
          variant="secondary"
          icon={<ExternalLink size={16} aria-hidden />}
          pending={portal.isPending}
          disabled={!hasDetails}
          onClick={open}
        >
          Manage payment details
        </Button>
      </div>
    </Card>
  );
}
