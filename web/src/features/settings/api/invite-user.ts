import { companyInviteSchema } from '@shared/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/company';

/** POST /api/company/{id}/invite */
export const inviteUser = async ({ companyId, email }: { companyId: number; email: string }) =>
  companyInviteSchema.parse(await api.post(`/api/company/${companyId}/invite`, { email }));

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }) });
}
