import { rootKeys } from '@/lib/query-keys';

/** The business manager's listing answers (a location's profile, reviews, media, lookups). */
export const businessKeys = {
  of: (...parts: (string | undefined)[]) => [...rootKeys.company, 'business', ...parts] as const,
};
