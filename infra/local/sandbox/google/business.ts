import { json } from '../kit/answers';
import { googleApiError } from '../kit/errors';
import { route, type Call, type Route } from '../kit/router';
import { BUSINESS, bearer, type GoogleContext } from './context';

/**
 * The Business Profile APIs: the Account Management API's accounts.list (under
 * /google-business-accounts) and the Business Information API's locations of an account (under
 * /google-business-information), with Google's page tokens.
 */
export const BUSINESS_ACCOUNTS = [
  {
    name: 'accounts/110000000000000000001',
    accountName: 'Sandy Box',
    type: 'PERSONAL',
    verificationState: 'UNVERIFIED',
  },
  {
    name: 'accounts/110000000000000000002',
    accountName: 'Sandbox Bakery Group',
    type: 'LOCATION_GROUP',
    role: 'OWNER',
    verificationState: 'VERIFIED',
  },
];

/** Each account's locations (Business Information API's Location, the fields readMask asks for). */
export const BUSINESS_LOCATIONS: Record<string, { name: string; title: string; storefrontAddress: object }[]> = {
  'accounts/110000000000000000001': [],
  'accounts/110000000000000000002': [
    {
      name: 'locations/5500000000000000001',
      title: 'Sandbox Bakery Soho',
      storefrontAddress: { regionCode: 'GB', postalCode: 'W1D 3QF', locality: 'London', addressLines: ['12 Frith St'] },
    },
    {
      name: 'locations/5500000000000000002',
      title: 'Sandbox Bakery Camden',
      storefrontAddress: {
        regionCode: 'GB',
        postalCode: 'NW1 8AH',
        locality: 'London',
        addressLines: ['3 Camden High St'],
      },
    },
  ],
};

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
  if (!bearer(ctx, call, BUSINESS)) return;
  const list = BUSINESS_LOCATIONS[account];
  if (!list) return googleApiError(call.res, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
  if (!call.url.searchParams.get('readMask')) {
    return googleApiError(call.res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
  }
  const { items, next } = pageOf(call.url.searchParams, list, 100, 10);
  return json(call.res, 200, { locations: items, ...next });
}

export const businessRoutes = (ctx: GoogleContext): Route<Call>[] => [
  route('GET', '/google-business-accounts/v1/accounts', (call) => accounts(ctx, call)),
  route('GET', /^\/google-business-information\/v1\/(accounts\/\d+)\/locations$/, (call, [account = '']) =>
    locations(ctx, call, account),
  ),
];
