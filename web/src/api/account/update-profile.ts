import { authContracts } from '@shared/contracts/auth';
import type { ProfilePatch } from '@shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { authKeys } from '@/api/auth/auth-keys';

/** PATCH /api/auth/profile */
const updateProfile = (body: ProfilePatch) => call(authContracts.patchProfile, { body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(authKeys.profile, profile),
  });
}
