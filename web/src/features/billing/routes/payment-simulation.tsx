import { PAYMENT_SIMULATION_REDIRECT_MS } from '@shared/constants';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';

/** The local stand-in for the billing provider's checkout: waits 5 s, then back to billing. */
export default function PaymentSimulationRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/settings/billing', { replace: true }), PAYMENT_SIMULATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <main className="screen">
      <div className="screen__panel">
        <Spinner size={32} />
        <h1 className="screen__title">Please wait while we process your fake payment...</h1>
        <p className="screen__text">You will be taken back to billing in a few seconds.</p>
      </div>
    </main>
  );
}
