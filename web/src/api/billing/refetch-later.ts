import type { QueryClient } from '@tanstack/react-query';
import { BILLING_REFETCH_DELAY_MS, billingKeys } from './billing-keys';

/**
 * After activate or cancel the provider reports the change through its webhook a moment later:
 * the subscription, plans and invoices are asked again after 3 s (spec 01 §4), as well as now.
 */
export function refetchBillingLater(queryClient: QueryClient) {
  const refetch = () =>
    Promise.all(
      [billingKeys.subscription, billingKeys.plans, billingKeys.invoices].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  setTimeout(() => void refetch(), BILLING_REFETCH_DELAY_MS);
  return refetch();
}
