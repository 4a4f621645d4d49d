import { companyContracts } from '@shared/contracts/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { writeCompanyId } from '@/lib/cookies';
import { isCompanyScoped } from '@/lib/query-keys';
import { companyKeys } from '@/api/companies/company-keys';

/** POST /api/company/{id}/accept-invite */
const acceptInvite = ({ companyId, token }: { companyId: number; token: string }) =>
  call(companyContracts.acceptInvite, { params: { id: companyId }, body: { token } });

/** Accepting refetches the companies and makes the invited one active (spec 01 §4). */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: async (company) => {
      writeCompanyId(company.id);
      await queryClient.refetchQueries({ queryKey: companyKeys.list });
      await queryClient.invalidateQueries({ predicate: isCompanyScoped });
    },
  });
}
