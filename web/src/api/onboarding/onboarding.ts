import { companyContracts } from '@shared/contracts/company';
import type { BodyIn } from '@shared/contract';
import { companyOverviewSchema } from '@shared/schemas/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useJob } from '@/lib/use-job';
import { companyKeys } from '@/api/companies/company-keys';

export type CompanyPatch = BodyIn<typeof companyContracts.update>;

/** PATCH /api/company/company: the wizard's "save overview" and the goal dialog. */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyPatch) => call(companyContracts.update, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  });
}

/** POST /api/company/overview, polled to the drafted overview. */
export function useOverviewJob() {
  const job = useJob(companyOverviewSchema);
  return {
    ...job,
    start: (website: string) => job.mutateAsync(() => call(companyContracts.overview, { body: { website } })),
  };
}
