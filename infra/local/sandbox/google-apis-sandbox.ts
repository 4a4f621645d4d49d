import { noContent } from './kit/answers';
import { googleApiError } from './kit/errors';
import { dispatch, route, type Call, type Route } from './kit/router';
import { trackedMap } from './sandbox-store';
import { accountRoutes } from './google/accounts';
import { apiRoutes } from './google/apis';
import { businessRoutes } from './google/business';
import type { Listing } from './google/business-fixtures';
import type { Access, Code, Grant, GoogleContext, SearchConsoleSite } from './google/context';

/**
 * Loopback stand-ins for Google's OAuth 2.0 with offline access (the consent page, the token
 * endpoint's code and refresh grants, tokeninfo, revoke), userinfo, Search Console's sites.list
 * and the Business Profile's accounts.list: the subset functions/core/integrations/google-client.ts
 * calls, with Google's shapes, token lifetimes, errors and per-minute quota, and the Business
 * Profile listing functions/core/business/business-profile-client.ts calls. Its modules are under
 * google/: accounts.ts (OAuth), apis.ts (userinfo, Search Console), business.ts (accounts,
 * locations, Places autocomplete), business-listing.ts (a location's profile, attributes,
 * categories, reviews and media), business-fixtures.ts (what a new Google user's listing holds).
 *
 * Paths mirror the hosts under a prefix: /google-accounts (accounts.google.com), /google-oauth2
 * (oauth2.googleapis.com), /google-apis (www.googleapis.com), /google-business-accounts
 * (mybusinessaccountmanagement.googleapis.com), /google-business-information
 * (mybusinessbusinessinformation.googleapis.com), /google-my-business (mybusiness.googleapis.com),
 * /google-places (places.googleapis.com). Google's app is sign-in's (SANDBOX_CLIENTS.google).
 *
 * Control: POST /__sandbox/google/revoke takes back every grant (?name=: that user's), as a user removing the app at
 * myaccount.google.com would (the refresh grant then answers invalid_grant); GET
 * /__sandbox/google/listing?name= answers a Google user's listing and the updates it received;
 * POST /__sandbox/google/properties?name= with `{siteUrl}` gives that Google user a verified
 * Search Console property of their own (siteOwner), as verifying a site in Search Console
 * would: sites.list then names it after the fixtures' (the embedded runtime's demo company's website).
 */
export { SANDBOX_PLACES_KEY } from './google/business';

/**
 * What the Google sandbox keeps across restarts, inside the platform sandbox's state file. Codes
 * and tokens name their grant by its place in `grants`, so a revoke still reaches all of them.
 */
export interface GoogleApisSandboxState {
  grants: Grant[];
  codes: [string, Omit<Code, 'grant'> & { grant: number }][];
  access: [string, Omit<Access, 'grant'> & { grant: number }][];
  refresh: [string, number][];
  listings?: [string, Listing][];
  properties?: [string, SearchConsoleSite[]][];
}

export interface GoogleApisSandboxOptions {
  origin: () => string;
  redirectAllowed: (uri: string) => boolean;
  /** The state a previous run saved; `changed` is called on every change, so it is saved again. */
  saved?: GoogleApisSandboxState;
  changed?: () => void;
}

function googleContext(options: GoogleApisSandboxOptions): GoogleContext {
  const changed = options.changed ?? (() => undefined);
  const saved = options.saved;
  const grants: Grant[] = saved?.grants ?? [];
  const grantAt = (i: number) => grants[i] ?? { id: '', name: '', email: '', scope: '', revoked: true };
  return {
    origin: options.origin,
    redirectAllowed: options.redirectAllowed,
    changed,
    grants,
    codes: trackedMap<string, Code>(
      (saved?.codes ?? []).map(([k, v]) => [k, { ...v, grant: grantAt(v.grant) }]),
      changed,
    ),
    access: trackedMap<string, Access>(
      (saved?.access ?? []).map(([k, v]) => [k, { ...v, grant: grantAt(v.grant) }]),
      changed,
    ),
    refresh: trackedMap<string, Grant>(
      (saved?.refresh ?? []).map(([k, v]) => [k, grantAt(v)]),
      changed,
    ),
    listings: trackedMap<string, Listing>(saved?.listings ?? [], changed),
    properties: trackedMap<string, SearchConsoleSite[]>(saved?.properties ?? [], changed),
  };
}

const revokeAll = (ctx: GoogleContext): Route<Call> =>
  route('POST', '/__sandbox/google/revoke', ({ res, url }) => {
    // ?name= takes back only that Google user's grants, so tests sharing the sandbox keep theirs.
    const name = url.searchParams.get('name');
    for (const grant of ctx.grants) if (!name || grant.name === name) grant.revoked = true;
    ctx.changed();
    return noContent(res);
  });

const verifyProperty = (ctx: GoogleContext): Route<Call> =>
  route('POST', '/__sandbox/google/properties', async ({ res, url, text }) => {
    const name = url.searchParams.get('name') ?? '';
    const { siteUrl } = JSON.parse((await text()) || '{}') as { siteUrl?: string };
    if (!name || !siteUrl) return googleApiError(res, 400, 'INVALID_ARGUMENT', 'name and siteUrl are required.');
    const owned = (ctx.properties.get(name) ?? []).filter((site) => site.siteUrl !== siteUrl);
    ctx.properties.set(name, [...owned, { siteUrl, permissionLevel: 'siteOwner' }]);
    return noContent(res);
  });

export function createGoogleApisSandbox(options: GoogleApisSandboxOptions) {
  const ctx = googleContext(options);
  const routes = [
    revokeAll(ctx),
    verifyProperty(ctx),
    ...accountRoutes(ctx),
    ...apiRoutes(ctx),
    ...businessRoutes(ctx),
  ];

  /** Answers the call when it is Google's (any /google-* path; an unknown one is Google's 404); false otherwise. */
  async function answer(call: Call): Promise<boolean> {
    if (await dispatch(routes, call)) return true;
    if (!call.path.startsWith('/google-')) return false;
    googleApiError(call.res, 404, 'NOT_FOUND', 'Requested entity was not found.');
    return true;
  }

  const state = (): GoogleApisSandboxState => ({
    grants: ctx.grants,
    codes: [...ctx.codes].map(([k, v]) => [k, { ...v, grant: ctx.grants.indexOf(v.grant) }]),
    access: [...ctx.access].map(([k, v]) => [k, { ...v, grant: ctx.grants.indexOf(v.grant) }]),
    refresh: [...ctx.refresh].map(([k, v]) => [k, ctx.grants.indexOf(v)]),
    listings: [...ctx.listings],
    properties: [...ctx.properties],
  });
  /**
   * The Google user a call is made as (its Bearer token's grant), for a failure asked for one
   * account: Google's tokens are kept here, not with the platforms' (platforms/failures.ts).
   */
  const accountOf = ({ req }: Call) =>
    ctx.access.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''))?.grant.name;

  return { answer, state, accountOf };
}
