import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/consume-reset */
export const consumeReset = (input: { id: number; token: string; password: string }) => api.post<{ message: string }>('/api/auth/consume-reset', input);

export const useConsumeReset = () => useMutation({ mutationFn: consumeReset });
