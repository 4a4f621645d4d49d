import { companyContracts } from '@shared/contracts/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/company/{id}/invite: 201 for a new invite, 200 when the pending one is renewed. */
export const inviteUser = ({ companyId, email }: { companyId: number; email: string }) =>
  call(companyContracts.invite, { params: { id: companyId }, body: { email } });

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.companies }),
  });
}
