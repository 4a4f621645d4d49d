import { Spinner } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { useMay } from '@/api/companies/permissions';
import { permissionRefusal } from '@shared/permissions';
import { useInvoices } from '@/api/billing/get-invoices';
import { usePlans } from '@/api/billing/get-plans';
import { useSubscription } from '@/api/billing/get-subscription';
import { InvoicesCard } from './invoices-card';
import { PaymentDetailsCard } from './payment-details-card';
import { PlansCard } from './plans-card';
import { PlanUsageCard } from './plan-usage-card';
import './billing.css';

/**
 * /settings/billing: Plan & Usage, Subscription Plans, payment details and invoices (spec 01 §2).
 * A role that may not manage billing sees the plan and what it includes, nothing to change, and
 * the invoices are not asked for.
 */
export function BillingTab() {
  const mayManage = useMay('billing');
  const subscription = useSubscription();
  const plans = usePlans();
  const invoices = useInvoices(mayManage);
  const failed = subscription.error ?? plans.error ?? invoices.error;
  if (failed) return <Alert type="error">{errorMessage(failed)}</Alert>;
  if (!mayManage && subscription.data) {
    return (
      <div className="billing-tab">
        <PlanUsageCard subscription={subscription.data} readOnly />
        <Alert type="info">{permissionRefusal('billing')}</Alert>
      </div>
    );
  }
  if (!subscription.data || !plans.data || !invoices.data) {
    return (
      <div className="empty">
        <Spinner size={24} label="Loading billing" />
      </div>
    );
  }
  return (
    <div className="billing-tab">
      <PlanUsageCard subscription={subscription.data} />
      <PlansCard plans={plans.data} subscription={subscription.data} />
      <PaymentDetailsCard subscription={subscription.data} />
      <InvoicesCard invoices={invoices.data} />
    </div>
  );
}
