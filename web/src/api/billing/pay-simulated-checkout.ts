import { billingContracts } from '@shared/contracts/billing';
import { call } from '@/lib/api-client';

/** The payment simulation's "payment" (embedded runtime only). */
export const paySimulatedCheckout = (sessionId: string) =>
  call(billingContracts.completeSimulatedCheckout, { body: { sessionId } });
