import { json } from '../kit/answers';
import { route, type Call, type Route } from '../kit/router';
import { SEARCH_CONSOLE, bearer, type GoogleContext, type SearchConsoleSite } from './context';

/** www.googleapis.com under /google-apis: userinfo and Search Console's sites.list. */
const SEARCH_CONSOLE_SITES: SearchConsoleSite[] = [
  { siteUrl: 'https://www.sandbox-bakery.example/', permissionLevel: 'siteOwner' },
  { siteUrl: 'sc-domain:sandbox-bikes.example', permissionLevel: 'siteFullUser' },
  { siteUrl: 'https://old.sandbox-bakery.example/', permissionLevel: 'siteUnverifiedUser' },
];

function userinfo(ctx: GoogleContext, call: Call) {
  const grant = bearer(ctx, call);
  if (!grant) return;
  const { id, name, email } = grant;
  return json(call.res, 200, { sub: id, name, given_name: name.split(' ')[0], email, email_verified: true });
}

function sites(ctx: GoogleContext, call: Call) {
  const grant = bearer(ctx, call, SEARCH_CONSOLE);
  if (grant) json(call.res, 200, { siteEntry: [...SEARCH_CONSOLE_SITES, ...(ctx.properties.get(grant.name) ?? [])] });
}

export const apiRoutes = (ctx: GoogleContext): Route<Call>[] => [
  route('GET', '/google-apis/oauth2/v3/userinfo', (call) => userinfo(ctx, call)),
  route('GET', '/google-apis/webmasters/v3/sites', (call) => sites(ctx, call)),
];
