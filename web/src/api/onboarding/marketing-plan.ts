import { planContracts } from '@shared/contracts/plan';
import { marketingPlanSchema } from '@shared/schemas/plan';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '@/lib/api-client';
import { useJob } from '@/lib/use-job';
import { companyKeys } from '@/api/companies/company-keys';
import { onboardingKeys } from './onboarding-keys';

/** GET /api/plan; a 400 means there is no plan yet (spec 02 §7), read as null. */
export const planQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.plan,
    queryFn: async ({ signal }) => {
      try {
        return await call(planContracts.get, { signal });
      } catch (error) {
        if (isApiError(error, 400)) return null;
        throw error;
      }
    },
  });

/** POST /api/plan, polled to the plan; the company is onboarded by then, so the list is asked again. */
export function usePlanJob() {
  const queryClient = useQueryClient();
  const job = useJob(marketingPlanSchema);
  return {
    ...job,
    start: async () => {
      const plan = await job.mutateAsync(() => call(planContracts.generate));
      queryClient.setQueryData(planQueryOptions().queryKey, plan);
      await queryClient.invalidateQueries({ queryKey: companyKeys.list });
      return plan;
    },
  };
}
