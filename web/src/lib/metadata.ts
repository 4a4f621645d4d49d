import type { FeatureFlag } from '@shared/constants';
import { metadataSchema } from '@shared/schemas/metadata';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const getMetadata = async () => metadataSchema.parse(await api.get('/api/metadata'));

export const metadataQueryOptions = () => queryOptions({ queryKey: ['metadata'], queryFn: getMetadata, staleTime: 5 * 60_000 });

/** A flag is on only when the server says so; while loading or on failure it is off. */
export function useFeatureFlag(flag: FeatureFlag): boolean {
  const { data } = useQuery(metadataQueryOptions());
  return data?.featureFlags[flag] === true;
}
