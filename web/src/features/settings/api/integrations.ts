import { integrationsContracts } from '@shared/contracts/integrations';
import type { ProfilePlatform, SocialPlatform } from '@shared/schemas/integrations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/integrations/{platform}/status */
export const integrationStatusOptions = (platform: SocialPlatform) =>
  queryOptions({
    queryKey: queryKeys.company.integrationStatus(platform),
    queryFn: ({ signal }) => call(integrationsContracts.status, { params: { platform }, signal }),
  });

export const useIntegrationStatus = (platform: SocialPlatform) => useQuery(integrationStatusOptions(platform));

/** The platform said the token is dead: the server marked the connection, so the status is stale. */
export const needsReconnect = (error: unknown) => isApiError(error) && error.code === 'PLATFORM_RECONNECT';

/** GET /api/integrations/{platform}/profiles: read live from the platform, only while the edit control is open. */
export function useIntegrationProfiles(platform: ProfilePlatform, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.company.integrationProfiles(platform),
    queryFn: async ({ signal }) => {
      try {
        return await call(integrationsContracts.profiles, { params: { platform }, signal });
      } catch (error) {
        if (needsReconnect(error)) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.company.integrationStatus(platform) });
        }
        throw error;
      }
    },
    enabled,
  });
}

/** GET /api/integrations/{platform}/connect, then the browser leaves for the platform's consent page (spec 01 §4). */
export function useConnect(platform: SocialPlatform) {
  return useMutation({
    mutationFn: (inviteToken?: string) =>
      call(integrationsContracts.connect, { params: { platform }, query: { inviteToken } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** POST /api/integrations/{platform}/disconnect; the status is refreshed from the answer. */
export function useDisconnect(platform: SocialPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(integrationsContracts.disconnect, { params: { platform } }),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.company.integrationStatus(platform), status),
  });
}

/** POST /api/integrations/{platform}/profile */
export function useChooseProfile(platform: ProfilePlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(integrationsContracts.profile, { params: { platform }, body: { id } }),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.company.integrationStatus(platform), status),
    onError: (error) => {
      if (needsReconnect(error)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.company.integrationStatus(platform) });
      }
    },
  });
}
