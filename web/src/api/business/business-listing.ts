import { businessContracts } from '@shared/contracts/business';
import { businessListingContracts as listing } from '@shared/contracts/business-listing';
import type { LocationProfile, LocationUpdate } from '@shared/schemas/business-listing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '@/lib/api-client';
import { integrationKeys } from '@/api/integrations/integration-keys';
import { businessKeys } from './business-keys';

/*
 * The business manager's calls (spec 02 §7 "Business listing"). A location id is the digits of
 * `locations/{id}`. A call Google answers with an expired grant has marked the connection on
 * the server, so the status is fetched again and the page shows the disconnected warning.
 */

export const locationIdOf = (name: string) => name.replace(/^locations\//, '');

/** The server marked the connection for reconnecting: the cached status is stale. */
export function useStatusRefresh() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (isApiError(error) && error.code === 'PLATFORM_RECONNECT') {
      void queryClient.invalidateQueries({ queryKey: integrationKeys.status('google-my-business') });
    }
  };
}

/** GET /api/business/status, cached where the apps tab caches it. */
export const useBusinessStatus = () =>
  useQuery({
    queryKey: integrationKeys.status('google-my-business'),
    queryFn: ({ signal }) => call(businessContracts.status, { signal }),
  });

/** GET /api/business/locations: the selector's choices, once connected. */
export const useLocations = (enabled: boolean) =>
  useQuery({
    queryKey: businessKeys.of('locations'),
    queryFn: ({ signal }) => call(businessContracts.locations, { signal }),
    enabled,
  });

export function useListingQuery<T>(
  parts: (string | undefined)[],
  fn: (signal: AbortSignal) => Promise<T>,
  enabled = true,
) {
  const refresh = useStatusRefresh();
  return useQuery({
    queryKey: businessKeys.of(...parts),
    queryFn: async ({ signal }) => {
      try {
        return await fn(signal);
      } catch (error) {
        refresh(error);
        throw error;
      }
    },
    enabled,
  });
}

export const useLocationProfile = (locationId: string) =>
  useListingQuery(['location', locationId], (signal) => call(listing.location, { params: { locationId }, signal }));

export const useAvailableAttributes = (locationId: string) =>
  useListingQuery(['available-attributes', locationId], (signal) =>
    call(listing.availableAttributes, { params: { locationId }, signal }),
  );

/** The structured services of the location's categories (comma-joined names). */
export const useServiceTypes = (locationId: string, categories: string) =>
  useListingQuery(
    ['service-types', locationId, categories],
    (signal) => call(listing.serviceTypes, { params: { locationId }, query: { categories }, signal }),
    categories !== '',
  );

/** Spec 01 §9: listing categories in English. */
export const useCategories = (filter: string) =>
  useQuery({
    queryKey: businessKeys.of('categories', filter),
    queryFn: ({ signal }) =>
      call(listing.categories, { query: { languageCode: 'en', regionCode: 'US', view: 'BASIC', filter }, signal }),
    enabled: filter.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** The caller debounces the text (500 ms, spec 01 §9). */
export const usePlacePredictions = (q: string) =>
  useQuery({
    queryKey: businessKeys.of('places', q),
    queryFn: ({ signal }) => call(listing.places, { query: { q }, signal }),
    enabled: q.trim().length > 0,
  });

export function useUpdateLocation(locationId: string) {
  const queryClient = useQueryClient();
  const refresh = useStatusRefresh();
  return useMutation({
    mutationFn: (body: LocationUpdate) => call(listing.updateLocation, { params: { locationId }, body }),
    onSuccess: (profile: LocationProfile) => {
      queryClient.setQueryData(businessKeys.of('location', locationId), profile);
      void queryClient.invalidateQueries({ queryKey: businessKeys.of('locations') });
    },
    onError: refresh,
  });
}

export const useListingMedia = (locationId: string) =>
  useListingQuery(['media', locationId], (signal) => call(listing.media, { params: { locationId }, signal }));

export function useMediaActions(locationId: string) {
  const queryClient = useQueryClient();
  const refresh = useStatusRefresh();
  const key = businessKeys.of('media', locationId);
  const add = useMutation({
    mutationFn: (ids: number[]) => call(listing.addMedia, { params: { locationId }, body: { ids } }),
    onSuccess: (lists) => queryClient.setQueryData(key, lists),
    onError: refresh,
  });
  const remove = useMutation({
    mutationFn: (mediaId: string) => call(listing.deleteMedia, { params: { locationId, mediaId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: refresh,
  });
  return { add, remove };
}
