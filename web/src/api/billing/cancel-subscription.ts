import { billingContracts } from '@shared/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { billingKeys } from './billing-keys';
import { refetchBillingLater } from './refetch-later';

/** POST /api/billing/cancel: at the end of the paid period. */
const cancelSubscription = () => call(billingContracts.cancel);

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (subscription) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      return refetchBillingLater(queryClient);
    },
  });
}
