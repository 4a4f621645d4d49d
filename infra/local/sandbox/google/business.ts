import { json } from '../kit/answers';
import { googleApiError } from '../kit/errors';
import { route, type Call, type Route } from '../kit/router';
import { PLACES, SANDBOX_ACCOUNT } from './business-fixtures';
import { listingOf, listingRoutes, masked } from './business-listing';
import { BUSINESS, bearer, type GoogleContext } from './context';

/**
 * The Business Profile APIs: the Account Management API's accounts.list (under
 * /google-business-accounts), the Business Information API (under /google-business-information:
 * an account's locations, a location, its attributes, attributes.list, categories), the Google My
 * Business API v4 (under /google-my-business: reviews and media, business-listing.ts) and the
 * Places API (New)'s autocomplete (under /google-places), with Google's page tokens and errors.
 * Each Google user (grant id) has a listing of their own, made from the fixtures on first use
 * and kept like every sandbox state, so updates stay and tests do not share one.
 */
const BUSINESS_ACCOUNTS = [
  {
    name: 'accounts/110000000000000000001',
    accountName: 'Sandy Box',
    type: 'PERSONAL',
    verificationState: 'UNVERIFIED',
  },
  {
    name: SANDBOX_ACCOUNT,
    accountName: 'Sandbox Bakery Group',
    type: 'LOCATION_GROUP',
    role: 'OWNER',
    verificationState: 'VERIFIED',
  },
];

/** The Places API key the embedded runtime is given (GOOGLE_PLACES_API_KEY). */
export const SANDBOX_PLACES_KEY = 'sandbox-places-api-key';

/** A page of `list` from pageToken (an offset), at most `max`, `fallback` by default. */
function pageOf<T>(q: URLSearchParams, list: T[], max: number, fallback: number) {
  const size = Math.min(max, Math.max(1, Number(q.get('pageSize') ?? fallback) || fallback));
  const start = Number(q.get('pageToken') ?? 0) || 0;
  const next = start + size < list.length ? { nextPageToken: String(start + size) } : {};
  return { items: list.slice(start, start + size), next };
}

function accounts(ctx: GoogleContext, call: Call) {
  if (!bearer(ctx, call, BUSINESS)) return;
  const { items, next } = pageOf(call.url.searchParams, BUSINESS_ACCOUNTS, 20, 20);
  return json(call.res, 200, { accounts: items, ...next });
}

function locations(ctx: GoogleContext, call: Call, account: string) {
  const grant = bearer(ctx, call, BUSINESS);
  if (!grant) return;
  if (!BUSINESS_ACCOUNTS.some((a) => a.name === account)) {
    return googleApiError(call.res, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
  }
  const readMask = call.url.searchParams.get('readMask');
  if (!readMask) return googleApiError(call.res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
  const list =
    account === SANDBOX_ACCOUNT ? Object.values(listingOf(ctx, grant).locations).map((l) => masked(l, readMask)) : [];
  const { items, next } = pageOf(call.url.searchParams, list, 100, 10);
  return json(call.res, 200, { locations: items, ...next });
}

/** places:autocomplete: predictions whose text contains the input, keyed by the API key. */
async function autocomplete(call: Call) {
  if (call.req.headers['x-goog-api-key'] !== SANDBOX_PLACES_KEY) {
    return googleApiError(call.res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
  }
  let input = '';
  try {
    const sent = (JSON.parse(await call.text()) as { input?: unknown }).input;
    input = typeof sent === 'string' ? sent : '';
  } catch {
    return googleApiError(call.res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
  }
  if (!input.trim()) return googleApiError(call.res, 400, 'INVALID_ARGUMENT', 'input must not be empty.');
  const words = input.toLowerCase();
  const suggestions = PLACES.filter((p) => p.text.toLowerCase().includes(words))
    .slice(0, 5)
    .map((p) => ({
      placePrediction: {
        place: `places/${p.placeId}`,
        placeId: p.placeId,
        text: { text: p.text, matches: [{ endOffset: input.length }] },
        structuredFormat: {
          mainText: { text: p.text.split(',')[0] },
          secondaryText: { text: p.text.split(',').slice(1).join(',').trim() },
        },
        types: ['locality', 'political'],
      },
    }));
  return json(call.res, 200, suggestions.length ? { suggestions } : {});
}

export const businessRoutes = (ctx: GoogleContext): Route<Call>[] => [
  route('GET', '/google-business-accounts/v1/accounts', (call) => accounts(ctx, call)),
  route('GET', /^\/google-business-information\/v1\/(accounts\/\d+)\/locations$/, (call, [account = '']) =>
    locations(ctx, call, account),
  ),
  route('POST', '/google-places/v1/places:autocomplete', (call) => autocomplete(call)),
  // Control: the listing of the Google user who consented as `name` (tests read what was written).
  route('GET', '/__sandbox/google/listing', ({ res, url }) => {
    const grant = ctx.grants.findLast((g) => g.name === url.searchParams.get('name'));
    return grant ? json(res, 200, listingOf(ctx, grant)) : json(res, 404, { error: 'no such Google user' });
  }),
  ...listingRoutes(ctx),
];
