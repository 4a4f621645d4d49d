import type { ChangePasswordInput } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /api/auth/change-password: a wrong current password is a 422 on currentPassword. */
export const changePassword = (input: ChangePasswordInput) => api.patch<{ message: string }>('/api/auth/change-password', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
