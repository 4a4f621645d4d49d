import { authContracts } from '@shared/contracts/auth';
import type { ChangePasswordInput } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** PATCH /api/auth/change-password: a wrong current password is a 422 on currentPassword. */
const changePassword = (body: ChangePasswordInput) => call(authContracts.changePassword, { body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
