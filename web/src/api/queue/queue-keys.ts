import { rootKeys } from '@/lib/query-keys';

/** The queue's reads, under the company family so a company switch drops them. */
export const queueKeys = {
  all: [...rootKeys.company, 'queue'] as const,
  view: (zone: string) => [...rootKeys.company, 'queue', 'view', zone] as const,
  settings: (zone: string) => [...rootKeys.company, 'queue', 'settings', zone] as const,
};
