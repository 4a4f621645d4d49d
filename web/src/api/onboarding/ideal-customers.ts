import { companyContracts } from '@shared/contracts/company';
import type { BodyIn } from '@shared/contract';
import { idealCustomersResultSchema } from '@shared/schemas/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useJob } from '@/lib/use-job';
import { companyKeys } from '@/api/companies/company-keys';

/** POST /api/company/ideal-customer, polled to the two stored profiles; the company list then shows them. */
export function useIdealCustomersJob() {
  const queryClient = useQueryClient();
  const job = useJob(idealCustomersResultSchema);
  return {
    ...job,
    start: async () => {
      const result = await job.mutateAsync(() => call(companyContracts.idealCustomer));
      await queryClient.invalidateQueries({ queryKey: companyKeys.list });
      return result;
    },
  };
}

/** POST /api/company/update/icp: approve (true), remove (false), back (null), or edit a pending profile. */
export function useUpdateIcp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<typeof companyContracts.updateIcp>) => call(companyContracts.updateIcp, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  });
}
