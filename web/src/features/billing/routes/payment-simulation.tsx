import { PAYMENT_SIMULATION_REDIRECT_MS } from '@shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { billingKeys } from '@/api/billing/billing-keys';
import { paySimulatedCheckout } from '@/api/billing/pay-simulated-checkout';

/**
 * The simulated provider's checkout (spec 01 §2 "Payment simulation"): pays the checkout named
 * by `session_id` at once, then returns to billing after 5 s. The app learns of the payment
 * from the provider's webhook, as it would from Stripe, by the time billing shows.
 */
export default function PaymentSimulationRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const sessionId = search.get('session_id');
  const paid = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development; paying twice pays once anyway.
    if (paid.current || !sessionId) return;
    paid.current = true;
    void paySimulatedCheckout(sessionId).catch((error: unknown) => notify.error(errorMessage(error)));
  }, [sessionId]);

  useEffect(() => {
    const timer = setTimeout(() => {
      void Promise.all(
        [billingKeys.subscription, billingKeys.invoices].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      void navigate('/settings/billing', { replace: true });
    }, PAYMENT_SIMULATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, queryClient]);

  return (
    <main className="screen">
      <div className="screen__panel">
        <Spinner size={32} />
        <h1 className="screen__title">Please wait while we process your fake payment...</h1>
        <p className="screen__text">
          No card is charged: this is the payment simulation. You will be taken back to billing in a few seconds.
        </p>
      </div>
    </main>
  );
}
