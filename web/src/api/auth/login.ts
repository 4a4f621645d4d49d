import { authContracts } from '@shared/contracts/auth';
import type { LoginInput } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { writeCompanyId } from '@/lib/cookies';
import { isSessionScoped } from '@/lib/query-keys';
import { authKeys } from './auth-keys';

const login = (body: LoginInput) => call(authContracts.login, { body });

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
      writeCompanyId(data.companyId);
      queryClient.removeQueries({ predicate: isSessionScoped });
      queryClient.setQueryData(authKeys.profile, data.profile);
      await queryClient.refetchQueries({ queryKey: authKeys.profile });
    },
  });
}
