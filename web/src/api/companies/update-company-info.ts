import { companyContracts } from '@shared/contracts/company';
import type { BodyIn } from '@shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { companyKeys } from './company-keys';

export type CompanyInfoPatch = BodyIn<typeof companyContracts.update>;

/** PATCH /api/company/company: applies to the company in the COMPANY_ID cookie. */
const updateCompanyInfo = (body: CompanyInfoPatch) => call(companyContracts.update, { body });

export function useUpdateCompanyInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  });
}
