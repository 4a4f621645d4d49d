import { companySchema } from '@shared/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companiesQueryKey } from '../../../lib/company';

/** POST /api/company */
export const createCompany = async (input: { name: string }) => companySchema.parse(await api.post('/api/company', input));

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }) });
}
