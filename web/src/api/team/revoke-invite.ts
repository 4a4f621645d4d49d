import { companyContracts } from '@shared/contracts/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { companyKeys } from '@/api/companies/company-keys';

/** DELETE /api/company/{id}/invite/{inviteId} */
const revokeInvite = ({ companyId, inviteId }: { companyId: number; inviteId: number }) =>
  call(companyContracts.revokeInvite, { params: { id: companyId, inviteId } });

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  });
}
