import { authContracts } from '@shared/contracts/auth';
import type { RegisterInput } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /api/auth/register: `verified` is true when an invite for that same email was used. */
const register = (body: RegisterInput) => call(authContracts.register, { body });

export const useRegister = () => useMutation({ mutationFn: register });
