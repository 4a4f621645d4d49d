import { companySchema } from '@shared/schemas/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/company';

/** POST /api/company; `demo` starts a sandbox company whose data the Demo tab can wipe. */
export const createCompany = async (input: { name: string; demo?: boolean }) => companySchema.parse(await api.post('/api/company', input));

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }) });
}
