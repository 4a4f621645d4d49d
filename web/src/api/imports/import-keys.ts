import { rootKeys } from '@/lib/query-keys';

/** The import page's lists, under the company family so a company switch drops them. */
export const importKeys = {
  imports: [...rootKeys.company, 'imports'] as const,
  feeds: [...rootKeys.company, 'feeds'] as const,
};
