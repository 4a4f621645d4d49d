import { companyContracts } from '@shared/contracts/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { companyKeys } from '@/api/companies/company-keys';

/** DELETE /api/company/{id}/users/{userId} */
const removeUser = ({ companyId, userId }: { companyId: number; userId: number }) =>
  call(companyContracts.removeUser, { params: { id: companyId, userId } });

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  });
}
