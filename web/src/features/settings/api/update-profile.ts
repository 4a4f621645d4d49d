import { profileSchema, type ProfilePatch } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';

/** PATCH /api/auth/profile */
export const updateProfile = async (input: ProfilePatch) => profileSchema.parse(await api.patch('/api/auth/profile', input));

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
