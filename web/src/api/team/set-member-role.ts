import { companyContracts } from '@shared/contracts/company';
import type { CompanyRole } from '@shared/schemas/company-record';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { companyKeys } from '@/api/companies/company-keys';

/** PUT /api/company/{id}/users/{userId}/role (admins only, never their own). */
const setMemberRole = ({ companyId, userId, role }: { companyId: number; userId: number; role: CompanyRole }) =>
  call(companyContracts.setRole, { params: { id: companyId, userId }, body: { role } });

export function useSetMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  });
}
