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
  job: (uuid: string) => ['lrp', uuid] as const,
  company: {
    all: ['company'] as const,
    mediaFile: (id: string) => ['company', 'media', id] as const,
  },
};

/** Answers that depend on the COMPANY_ID cookie. */
export const isCompanyScoped = (query: Query) => query.queryKey[0] === queryKeys.company.all[0];

/** Everything a previous session may have cached: all but the session check and public metadata. */
export const isSessionScoped = (query: Query) =>
  query.queryKey[0] !== queryKeys.profile[0] && query.queryKey[0] !== queryKeys.metadata[0];
