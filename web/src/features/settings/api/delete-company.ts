import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/company';

/** DELETE /api/company/{id}: 409 while it is the selected company. */
export const deleteCompany = (id: number) => api.delete(`/api/company/${id}`);

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }) });
}
