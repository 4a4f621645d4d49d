import { sessionContracts } from '@shared/contracts/session';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { call, isApiError } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** GET /api/auth/profile: a 401 means signed out (null); any other failure is a real error. */
async function getProfile(signal?: AbortSignal) {
  try {
    return await call(sessionContracts.profile, { signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: authKeys.profile, queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());

const logout = () => call(sessionContracts.logout);

/** Logout clears every cached answer and goes to /auth (spec 01 §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      await queryClient.cancelQueries();
      queryClient.clear();
      queryClient.setQueryData(authKeys.profile, null);
      await navigate('/auth', { replace: true });
    },
  });
}
