import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/company';

/** DELETE /api/company/{id}/users/{userId} */
export const removeUser = ({ companyId, userId }: { companyId: number; userId: number }) => api.delete(`/api/company/${companyId}/users/${userId}`);

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }) });
}
