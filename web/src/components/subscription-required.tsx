import { messages } from '@shared/messages';
import { Lock, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useMay } from '@/api/companies/permissions';

/**
 * A paid part of a page without a paid plan (spec 02 §5's 'Subscribtion is required'), as the
 * keywords and queue pages show it: what the plan adds, and Upgrade for those who may pay.
 */
export function SubscriptionRequired({ children, compact }: { children: ReactNode; compact?: boolean }) {
  const mayPay = useMay('billing');
  return (
    <EmptyState
      icon={Lock}
      compact={compact}
      title={messages.subscriptionRequired}
      action={
        mayPay ? (
          <ButtonLink to="/settings/billing" icon={<Sparkles size={16} aria-hidden />}>
            Upgrade
          </ButtonLink>
        ) : undefined
      }
    >
      {children}
    </EmptyState>
  );
}
