import { billingContracts } from '@shared/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { billingKeys } from './billing-keys';
import { refetchBillingLater } from './refetch-later';

/** POST /api/billing/plan-change, at the proration moment of the preview the user confirmed. */
const changePlan = (input: { plan: string; prorationDate: number }) =>
  call(billingContracts.changePlan, { body: input });

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: ({ subscription }) => {
      queryClient.setQueryData(billingKeys.subscription, subscription);
      return refetchBillingLater(queryClient);
    },
  });
}
