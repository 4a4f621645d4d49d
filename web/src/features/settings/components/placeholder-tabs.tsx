import { CreditCard, FileText, UsersRound } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

export function BillingTab() {
  return (
    <Card title="Plan & Usage">
      <EmptyState icon={CreditCard} title="Billing arrives in a coming release">
        Plans, payment details and invoices will live here. Nothing is charged in the meantime.
      </EmptyState>
    </Card>
  );
}

export function MarketingPlanTab() {
  return (
    <Card title="Marketing plan">
      <EmptyState icon={FileText} title="No marketing plan yet">
        Generating a 12-month marketing plan from your company information arrives in a coming release.
      </EmptyState>
    </Card>
  );
}

export function IdealCustomerProfilesTab() {
  return (
    <Card title="Ideal customer profiles">
      <EmptyState icon={UsersRound} title="No ideal customer profiles yet">
        Generating and approving ideal customer profiles arrives in a coming release.
      </EmptyState>
    </Card>
  );
}
