import type { FeatureFlag } from '@shared/constants';
import { metadataContracts } from '@shared/contracts/metadata';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { metadataKeys } from './metadata-keys';

export const metadataQueryOptions = () =>
  queryOptions({
    queryKey: metadataKeys.all,
    queryFn: ({ signal }) => call(metadataContracts.get, { signal }),
    staleTime: 5 * 60_000,
  });

/** The embedded runtime's sample business website, offered where a website is asked for; undefined elsewhere. */
export function useSampleWebsite(): string | undefined {
  const { data } = useQuery(metadataQueryOptions());
  return data?.sampleWebsite;
}

/** A flag is on only when the server says so; while loading or on failure it is off. */
export function useFeatureFlag(flag: FeatureFlag): boolean {
  const { data } = useQuery(metadataQueryOptions());
  return data?.featureFlags[flag] === true;
}
