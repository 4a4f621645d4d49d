import { companySchema } from '@shared/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/company';
import { writeCompanyId } from '@/lib/cookies';

/** POST /api/company/{id}/accept-invite */
export const acceptInvite = async ({ companyId, token }: { companyId: number; token: string }) =>
  companySchema.parse(await api.post(`/api/company/${companyId}/accept-invite`, { token }));

/** Accepting refetches the companies and makes the invited one active (spec 01 §4). */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: async (company) => {
      writeCompanyId(company.id);
      await queryClient.refetchQueries({ queryKey: companiesQueryKey });
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'companies' });
    },
  });
}
