import { businessContracts } from '@shared/contracts/business';
import { integrationsContracts, searchConsoleContracts, wordpressContracts } from '@shared/contracts/integrations';
import type { ProfilePlatform, SocialPlatform } from '@shared/schemas/integrations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '@/lib/api-client';
import { integrationKeys } from './integration-keys';

/*
 * Every connection on the apps tab (spec 01 §2, 02 §7): the social platforms under
 * /api/integrations/{platform}, WordPress, Search Console and Google My Business under their own
 * paths. Each status is cached under integrationKeys.status(<platform>); each
 * connect answers the address the browser goes to next (spec 01 §4).
 */

const go = ({ url }: { url: string }) => window.location.assign(url);

/** GET /api/integrations/{platform}/status */
const socialStatusOptions = (platform: SocialPlatform) =>
  queryOptions({
    queryKey: integrationKeys.status(platform),
    queryFn: ({ signal }) => call(integrationsContracts.status, { params: { platform }, signal }),
  });

export const useSocialStatus = (platform: SocialPlatform) => useQuery(socialStatusOptions(platform));

/** The platform said the token is dead: the server marked the connection, so the status is stale. */
const needsReconnect = (error: unknown) => isApiError(error) && error.code === 'PLATFORM_RECONNECT';

/** GET /api/integrations/{platform}/profiles: read live from the platform, only while the edit control is open. */
export function useSocialProfiles(platform: ProfilePlatform, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: integrationKeys.profiles(platform),
    queryFn: async ({ signal }) => {
      try {
        return await call(integrationsContracts.profiles, { params: { platform }, signal });
      } catch (error) {
        if (needsReconnect(error)) {
          void queryClient.invalidateQueries({ queryKey: integrationKeys.status(platform) });
        }
        throw error;
      }
    },
    enabled,
  });
}

/** GET /api/integrations/{platform}/connect, then the browser leaves for the platform's consent page (spec 01 §4). */
export function useSocialConnect(platform: SocialPlatform) {
  return useMutation({
    mutationFn: (inviteToken?: string) =>
      call(integrationsContracts.connect, { params: { platform }, query: { inviteToken } }),
    onSuccess: go,
  });
}

/** POST /api/integrations/{platform}/disconnect; the status is refreshed from the answer. */
export function useSocialDisconnect(platform: SocialPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(integrationsContracts.disconnect, { params: { platform } }),
    onSuccess: (status) => queryClient.setQueryData(integrationKeys.status(platform), status),
  });
}

/** POST /api/integrations/{platform}/profile */
export function useChooseProfile(platform: ProfilePlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(integrationsContracts.profile, { params: { platform }, body: { id } }),
    onSuccess: (status) => queryClient.setQueryData(integrationKeys.status(platform), status),
    onError: (error) => {
      if (needsReconnect(error)) {
        void queryClient.invalidateQueries({ queryKey: integrationKeys.status(platform) });
      }
    },
  });
}

/** GET /api/integrations/wordpress/status */
const wordpressStatusOptions = () =>
  queryOptions({
    queryKey: integrationKeys.status('wordpress'),
    queryFn: ({ signal }) => call(wordpressContracts.status, { signal }),
  });
export const useWordPressStatus = () => useQuery(wordpressStatusOptions());

/** POST /api/integrations/wordpress/connect; 422s land on the dialog's website field. */
export const useWordPressConnect = () =>
  useMutation({
    mutationFn: (body: { website: string; inviteToken?: string }) => call(wordpressContracts.connect, { body }),
    onSuccess: go,
  });

export function useWordPressDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(wordpressContracts.disconnect),
    onSuccess: (status) => queryClient.setQueryData(integrationKeys.status('wordpress'), status),
  });
}

/** GET /api/integrations/search-console/status */
export const useSearchConsoleStatus = () =>
  useQuery({
    queryKey: integrationKeys.status('search-console'),
    queryFn: ({ signal }) => call(searchConsoleContracts.status, { signal }),
  });

/** GET /api/integrations/search-console/connect: Google's consent for the profile with Search Console's read scope. */
export const useSearchConsoleConnect = () =>
  useMutation({
    mutationFn: (inviteToken?: string) => call(searchConsoleContracts.connect, { query: { inviteToken } }),
    onSuccess: go,
  });

export function useSearchConsoleDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(searchConsoleContracts.disconnect),
    onSuccess: (status) => queryClient.setQueryData(integrationKeys.status('search-console'), status),
  });
}

/** POST /api/integrations/search-console/websites: read live, only while the chooser is open. */
export const useSearchConsoleWebsites = (enabled: boolean) =>
  useQuery({
    queryKey: integrationKeys.profiles('search-console'),
    queryFn: () => call(searchConsoleContracts.websites),
    enabled,
  });

/** POST /api/integrations/search-console/website */
export function useChooseWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => call(searchConsoleContracts.chooseWebsite, { body: { url } }),
    onSuccess: (status) => queryClient.setQueryData(integrationKeys.status('search-console'), status),
  });
}

/** GET /api/business/status: asked of Google each time, so a lost grant reads 'disconnected'. */
export const useBusinessStatus = () =>
  useQuery({
    queryKey: integrationKeys.status('google-my-business'),
    queryFn: ({ signal }) => call(businessContracts.status, { signal }),
  });

export const useBusinessConnect = () =>
  useMutation({
    mutationFn: (inviteToken?: string) => call(businessContracts.connect, { query: { inviteToken } }),
    onSuccess: go,
  });

export function useBusinessDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(businessContracts.disconnect),
    onSuccess: (status) => queryClient.setQueryData(integrationKeys.status('google-my-business'), status),
  });
}

/** GET /api/business/accounts: read live, only while the chooser is open. */
export const useBusinessAccounts = (enabled: boolean) =>
  useQuery({
    queryKey: integrationKeys.profiles('google-my-business'),
    queryFn: ({ signal }) => call(businessContracts.accounts, { signal }),
    enabled,
  });

/** POST /api/business/account */
export function useChooseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(businessContracts.chooseAccount, { body: { id } }),
    onSuccess: (status) => queryClient.setQueryData(integrationKeys.status('google-my-business'), status),
  });
}
