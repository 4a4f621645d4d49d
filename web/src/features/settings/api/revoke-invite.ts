import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/company';

/** DELETE /api/company/{id}/invite/{inviteId} */
export const revokeInvite = ({ companyId, inviteId }: { companyId: number; inviteId: number }) => api.delete(`/api/company/${companyId}/invite/${inviteId}`);

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }) });
}
