import { billingContracts } from '@shared/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { billingKeys } from './billing-keys';
import { refetchBillingLater } from './refetch-later';

/** DELETE /api/billing/plan-change: the waiting downgrade is dropped; the plan renews as it is. */
const cancelPlanChange = () => call(billingContracts.cancelPlanChange);

export function useCancelPlanChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPlanChange,
    onSuccess: (subscription) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      return refetchBillingLater(queryClient);
    },
  });
}
