import { profileSchema, type LoginInput } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { writeCompanyId } from '@/lib/cookies';

export const loginResponseSchema = z.object({ profile: profileSchema, companyId: z.number().nullable().optional() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const login = async (input: LoginInput) => loginResponseSchema.parse(await api.post('/api/auth/login', input));

/**
 * POST /api/auth/login. On success: the company the server chose (the invited one after an
 * invite) becomes active, answers cached for any earlier session are dropped, and the profile
 * check runs again (spec 01 §4 "After login the auth check is refetched").
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (data) => {
      if (data.companyId) writeCompanyId(data.companyId);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'metadata' });
      queryClient.setQueryData(profileQueryKey, data.profile);
      await queryClient.refetchQueries({ queryKey: profileQueryKey });
    },
  });
}
