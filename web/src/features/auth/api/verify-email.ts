import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/verify with the code and id from the verification link. */
export const verifyEmail = (input: { code: string; id: number | string }) => api.post<{ message: string }>('/api/auth/verify', input);

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
