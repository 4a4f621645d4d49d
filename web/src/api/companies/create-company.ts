import { companyContracts } from '@shared/contracts/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { companyKeys } from './company-keys';

/** POST /api/company; `demo` starts a sandbox company whose data the Demo tab can wipe. */
const createCompany = (body: { name: string; demo?: boolean }) => call(companyContracts.create, { body });

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  });
}
