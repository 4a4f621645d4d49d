import type { Query } from '@tanstack/react-query';

/**
 * The roots of every query key. Each domain's keys sit beside its hooks, in
 * `api/<domain>/<domain>-keys.ts`, as one object of arrays and functions built on a root, so
 * invalidation can name whole families. Answers that belong to the selected company live under
 * `company`, so switching companies (or being removed from one) drops them in one call and nothing
 * else; the session check and the public metadata outlive a sign-out.
 */
export const rootKeys = {
  company: ['company'] as const,
  auth: ['auth'] as const,
  metadata: ['metadata'] as const,
  /** A long-running job's answer (GET /api/lrp/{uuid}). */
  job: (uuid: string) => ['lrp', uuid] as const,
};

/** Answers that depend on the COMPANY_ID cookie. */
export const isCompanyScoped = (query: Query) => query.queryKey[0] === rootKeys.company[0];

/** Everything a previous session may have cached: all but the session check and public metadata. */
export const isSessionScoped = (query: Query) =>
  query.queryKey[0] !== rootKeys.auth[0] && query.queryKey[0] !== rootKeys.metadata[0];
