import { rootKeys } from '@/lib/query-keys';

/** The library's query keys, under the company family so a company switch drops them. */
export const mediaKeys = {
  all: [...rootKeys.company, 'media'] as const,
  list: (query: string) => [...mediaKeys.all, 'list', query] as const,
  batch: (ids: number[]) => [...mediaKeys.all, 'batch', ids.join(',')] as const,
};
