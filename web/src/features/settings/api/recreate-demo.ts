import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/company/recreate: demo companies only; removes the company's data, plans and posts. */
export const recreateDemo = () => api.post<void>('/api/company/recreate');

export function useRecreateDemo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recreateDemo, onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' }) });
}
