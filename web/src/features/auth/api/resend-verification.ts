import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/resend-verify */
export const resendVerification = (input: { email: string }) => api.post<{ message: string }>('/api/auth/resend-verify', input);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
