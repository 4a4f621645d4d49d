import { companySchema, type companyInfoSchema } from '@shared/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/company';

export type CompanyInfoPatch = z.output<typeof companyInfoSchema>;

/** PATCH /api/company/company: applies to the company in the COMPANY_ID cookie. */
export const updateCompanyInfo = async (input: CompanyInfoPatch) => companySchema.parse(await api.patch('/api/company/company', input));

export function useUpdateCompanyInfo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCompanyInfo, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }) });
}
