import { CreditCard } from 'lucide-react';
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
