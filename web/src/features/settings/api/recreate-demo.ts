import { companyContracts } from '@shared/contracts/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { isCompanyScoped, queryKeys } from '@/lib/query-keys';

/** POST /api/company/recreate: demo companies only; removes the company's data, plans and posts. */
export const recreateDemo = () => call(companyContracts.recreateDemo);

export function useRecreateDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recreateDemo,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.companies }),
        queryClient.invalidateQueries({ predicate: isCompanyScoped }),
      ]),
  });
}
