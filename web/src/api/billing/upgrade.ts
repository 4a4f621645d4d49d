import { billingContracts } from '@shared/contracts/billing';
import { ACTIVATE_INTERVAL, type PlanSlug } from '@shared/schemas/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { refetchBillingLater } from './refetch-later';

/** POST /api/billing/upgrade: Activate sends the plan's slug with a monthly interval (spec 01 §4). */
const upgrade = (plan: PlanSlug) => call(billingContracts.upgrade, { body: { plan, interval: ACTIVATE_INTERVAL } });

export function useUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: upgrade, onSuccess: () => refetchBillingLater(queryClient) });
}
