import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { googleApiError } from '../kit/errors';
import { overLimit } from '../kit/rate-limit';
import type { Call } from '../kit/router';
import type { Listing } from './business-fixtures';

/** What the Google modules (accounts, apis, business) share: grants, codes and tokens. */
export const SEARCH_CONSOLE = 'https://www.googleapis.com/auth/webmasters.readonly';
export const BUSINESS = 'https://www.googleapis.com/auth/business.manage';
export const ACCESS_SECONDS = 3599;
/** Google's default quota for the Business Profile APIs: 300 requests a minute. */
const CALLS_PER_MINUTE = 300;

export interface Grant {
  id: string;
  name: string;
  email: string;
  scope: string;
  revoked: boolean;
}
export interface Code {
  grant: Grant;
  clientId: string;
  redirectUri: string;
  challenge?: string;
  offline: boolean;
  expires: number;
}
export interface Access {
  grant: Grant;
  expires: number;
  calls: { minute: number; count: number };
}

export interface GoogleContext {
  origin: () => string;
  redirectAllowed: (uri: string) => boolean;
  changed: () => void;
  /** Every consent given; codes and tokens point at their grant, so a revoke reaches them all. */
  grants: Grant[];
  codes: Map<string, Code>;
  access: Map<string, Access>;
  refresh: Map<string, Grant>;
  /** Each Google user's Business Profile listing, by grant id (business-listing.ts). */
  listings: Map<string, Listing>;
  /** Search Console properties a Google user verified besides the fixtures' (SEARCH_CONSOLE_SITES), by account name. */
  properties: Map<string, SearchConsoleSite[]>;
}

export interface SearchConsoleSite {
  siteUrl: string;
  permissionLevel: string;
}

export function issueAccess(ctx: GoogleContext, grant: Grant) {
  const token = `ya29.${randomBytes(24).toString('base64url')}`;
  ctx.access.set(token, { grant, expires: Date.now() + ACCESS_SECONDS * 1000, calls: { minute: 0, count: 0 } });
  return token;
}

const unauthenticated = (res: ServerResponse) =>
  googleApiError(
    res,
    401,
    'UNAUTHENTICATED',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  );

/** The grant behind a Bearer token, or undefined after answering Google's 401, 429 or 403 (a scope it lacks). */
export function bearer(ctx: GoogleContext, { req, res }: Call, scope?: string): Grant | undefined {
  const token = ctx.access.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
  if (!token || token.grant.revoked || token.expires <= Date.now()) {
    unauthenticated(res);
    return undefined;
  }
  if (overLimit(token, 'minute', 60_000, CALLS_PER_MINUTE)) {
    googleApiError(
      res,
      429,
      'RESOURCE_EXHAUSTED',
      "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute'.",
    );
    return undefined;
  }
  if (scope && !token.grant.scope.split(' ').includes(scope)) {
    googleApiError(res, 403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
    return undefined;
  }
  return token.grant;
}
