import type { RegisterInput } from '@shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const registerResponseSchema = z.object({ message: z.string().optional(), verified: z.boolean().optional().default(false) });

/** POST /api/auth/register: `verified` is true when an invite for that same email was used. */
export const register = async (input: RegisterInput) => registerResponseSchema.parse(await api.post('/api/auth/register', input));

export const useRegister = () => useMutation({ mutationFn: register });
