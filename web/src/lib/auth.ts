import { profileSchema, type Profile } from '@shared/schemas/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api, isApiError } from './api-client';

export const profileQueryKey = ['auth', 'profile'] as const;

/** GET /api/auth/profile: a 401 means signed out (null); any other failure is a real error. */
export async function getProfile(): Promise<Profile | null> {
  try {
    return profileSchema.parse(await api.get('/api/auth/profile'));
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());

export const logout = () => api.post<void>('/api/auth/logout');

/** Logout clears every cached answer and goes to /auth (spec 01 §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      await queryClient.cancelQueries();
      queryClient.clear();
      queryClient.setQueryData(profileQueryKey, null);
      navigate('/auth', { replace: true });
    },
  });
}
