import { companyContracts } from '@shared/contracts/company';
import type { CompanyRole } from '@shared/schemas/company-record';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { companyKeys } from '@/api/companies/company-keys';

/**
 * POST /api/company/{id}/invite with the role the invitee joins as (no higher than the sender's):
 * 201 for a new invite, 200 when the pending one is renewed.
 */
const inviteUser = ({ companyId, email, role }: { companyId: number; email: string; role?: CompanyRole }) =>
  call(companyContracts.invite, { params: { id: companyId }, body: { email, role } });

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  });
}
