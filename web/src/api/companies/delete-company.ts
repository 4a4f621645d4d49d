import { companyContracts } from '@shared/contracts/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { companyKeys } from './company-keys';

/** DELETE /api/company/{id}: 409 while it is the selected company. */
const deleteCompany = (id: number) => call(companyContracts.remove, { params: { id } });

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  });
}
