import type { Query } from '@tanstack/react-query';

/**
 * Every query key of the SPA, made here so invalidation can name whole families. Answers that
 * belong to the selected company live under `company`, so switching companies (or being
 * removed from one) drops them in one call and nothing else.
 */
export const queryKeys = {
  profile: ['auth', 'profile'] as const,
  metadata: ['metadata'] as const,
  companies: ['companies'] as const,
  invitation: (token: string) => ['invitation', token] as const,
  mailbox: (to: string) => ['dev', 'mailbox', to] as const,
  sandboxRequests: ['dev', 'sandbox-requests'] as const,
  job: (uuid: string) => ['lrp', uuid] as const,
  company: {
    all: ['company'] as const,
    mediaFile: (id: string) => ['company', 'media', id] as const,
    integrationStatus: (platform: string) => ['company', 'integrations', platform, 'status'] as const,
    integrationProfiles: (platform: string) => ['company', 'integrations', platform, 'profiles'] as const,
    /** The business manager's listing answers (a location's profile, reviews, media, lookups). */
    business: (...parts: (string | undefined)[]) => ['company', 'business', ...parts] as const,
    /** Every post answer (calendar ranges, a post with its siblings, the dashboard lists): one family to invalidate. */
    posts: ['company', 'posts'] as const,
    postRange: (zone: string, from: string, to: string) => ['company', 'posts', 'range', zone, from, to] as const,
    postWithSiblings: (id: number) => ['company', 'posts', 'post', id] as const,
    postList: (kind: 'latest' | 'recent', limit: number) => ['company', 'posts', kind, limit] as const,
  },
};

/** Answers that depend on the COMPANY_ID cookie. */
export const isCompanyScoped = (query: Query) => query.queryKey[0] === queryKeys.company.all[0];

/** Everything a previous session may have cached: all but the session check and public metadata. */
export const isSessionScoped = (query: Query) =>
  query.queryKey[0] !== queryKeys.profile[0] && query.queryKey[0] !== queryKeys.metadata[0];
