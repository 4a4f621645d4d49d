import { companyContracts } from '@shared/contracts/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { isCompanyScoped } from '@/lib/query-keys';
import { companyKeys } from './company-keys';

/** POST /api/company/recreate: demo companies only; removes the company's data, plans and posts. */
const recreateDemo = () => call(companyContracts.recreateDemo);

export function useRecreateDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recreateDemo,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.list }),
        queryClient.invalidateQueries({ predicate: isCompanyScoped }),
      ]),
  });
}
