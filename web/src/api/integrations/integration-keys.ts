import { rootKeys } from '@/lib/query-keys';

/** The connected apps, one family per platform, under the company family so a company switch drops them. */
export const integrationKeys = {
  platform: (platform: string) => [...rootKeys.company, 'integrations', platform] as const,
  status: (platform: string) => [...integrationKeys.platform(platform), 'status'] as const,
  profiles: (platform: string) => [...integrationKeys.platform(platform), 'profiles'] as const,
  wordpressTerms: () => [...integrationKeys.platform('wordpress'), 'terms'] as const,
};
