import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SANDBOX_CLIENTS } from './oauth-sandbox';
import { trackedMap } from './sandbox-store';

/**
 * Loopback stand-ins for Google's OAuth 2.0 with offline access (the consent page, the token
 * endpoint's code and refresh grants, tokeninfo, revoke), userinfo, Search Console's sites.list
 * and the Business Profile's accounts.list: the subset functions/core/integrations/google-client.ts
 * calls, with Google's shapes, token lifetimes, errors and per-minute quota, and the Business
 * Information API's locations of an account.
 *
 * Paths mirror the hosts under a prefix: /google-accounts (accounts.google.com), /google-oauth2
 * (oauth2.googleapis.com), /google-apis (www.googleapis.com), /google-business-accounts
 * (mybusinessaccountmanagement.googleapis.com), /google-business-information
 * (mybusinessbusinessinformation.googleapis.com). Google's app is sign-in's (SANDBOX_CLIENTS.google).
 *
 * Control: POST /__sandbox/google/revoke takes back every grant, as a user removing the app at
 * myaccount.google.com would (the refresh grant then answers invalid_grant).
 */
export const SEARCH_CONSOLE_SITES = [
  { siteUrl: 'https://www.sandbox-bakery.example/', permissionLevel: 'siteOwner' },
  { siteUrl: 'sc-domain:sandbox-bikes.example', permissionLevel: 'siteFullUser' },
  { siteUrl: 'https://old.sandbox-bakery.example/', permissionLevel: 'siteUnverifiedUser' },
];
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

const SEARCH_CONSOLE = 'https://www.googleapis.com/auth/webmasters.readonly';
const BUSINESS = 'https://www.googleapis.com/auth/business.manage';
const ACCESS_SECONDS = 3599;
/** Google's default quota for the Business Profile APIs: 300 requests a minute. */
const CALLS_PER_MINUTE = 300;

interface Grant {
  id: string;
  name: string;
  email: string;
  scope: string;
  revoked: boolean;
}
interface Code {
  grant: Grant;
  clientId: string;
  redirectUri: string;
  challenge?: string;
  offline: boolean;
  expires: number;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
/** The APIs' error shape. */
const apiError = (res: ServerResponse, code: number, status: string, message: string) =>
  json(res, code, { error: { code, message, status } });
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const SCOPE_WORDS: Record<string, string> = {
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
  profile: 'See your personal info',
  [SEARCH_CONSOLE]: 'View Search Console data for your verified sites',
  [BUSINESS]: 'See, edit, create and delete your Google business listings',
};

function consentPage(query: URLSearchParams, action: string): string {
  const scopes = (query.get('scope') ?? '').split(/\s+/).filter(Boolean);
  const hidden = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'access_type']
    .map((k) => `<input type="hidden" name="${k}" value="${escape(query.get(k) ?? '')}">`)
    .join('');
  const boxes = scopes
    .map(
      (s, i) =>
        `<li><input type="checkbox" id="scope${i}" name="scope" value="${escape(s)}" checked><label for="scope${i}">${escape(SCOPE_WORDS[s] ?? s)}</label></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in with Google (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;background:#f0f4f9;display:grid;place-items:center;min-height:100vh;margin:0}
main{box-sizing:border-box;background:#fff;border-radius:24px;padding:32px;width:min(460px,94vw)}h1{font-size:22px;font-weight:400;margin:0 0 8px}
p{color:#444;font-size:14px}ul{list-style:none;padding:0;font-size:14px}li{display:flex;gap:8px;align-items:center;margin:8px 0}
label.f{display:block;font-size:13px;margin:12px 0 4px}input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #747775;border-radius:4px;font-size:15px}
.row{display:flex;gap:8px;justify-content:flex-end;margin-top:20px}button{padding:10px 22px;border-radius:20px;border:0;font-size:14px;cursor:pointer}
.ok{background:#0b57d0;color:#fff}.no{background:#fff;color:#0b57d0}</style></head>
<body><main><h1>Google sandbox</h1><p>This stands in for Google's consent screen on the local runtime. The app wants to:</p>
<form method="post" action="${action}">${hidden}<ul>${boxes}</ul>
<label class="f" for="name">Google account name</label><input id="name" type="text" name="name" value="Sandy Box">
<div class="row"><button class="no" name="decision" value="deny">Cancel</button><button class="ok" name="decision" value="allow">Continue</button></div>
</form></main></body></html>`;
}

type Access = { grant: Grant; expires: number; calls: { minute: number; count: number } };

/**
 * What the Google sandbox keeps across restarts, inside the platform sandbox's state file. Codes
 * and tokens name their grant by its place in `grants`, so a revoke still reaches all of them.
 */
export interface GoogleApisSandboxState {
  grants: Grant[];
  codes: [string, Omit<Code, 'grant'> & { grant: number }][];
  access: [string, Omit<Access, 'grant'> & { grant: number }][];
  refresh: [string, number][];
}

export interface GoogleApisSandboxOptions {
  origin: () => string;
  redirectAllowed: (uri: string) => boolean;
  /** The state a previous run saved; `changed` is called on every change, so it is saved again. */
  saved?: GoogleApisSandboxState;
  changed?: () => void;
}

export function createGoogleApisSandbox(options: GoogleApisSandboxOptions) {
  const client = SANDBOX_CLIENTS.google;
  const changed = options.changed ?? (() => undefined);
  const saved = options.saved;
  const grants: Grant[] = saved?.grants ?? [];
  const grantAt = (i: number) => grants[i] ?? { id: '', name: '', email: '', scope: '', revoked: true };
  const codes = trackedMap<string, Code>(
    (saved?.codes ?? []).map(([k, v]) => [k, { ...v, grant: grantAt(v.grant) }]),
    changed,
  );
  const access = trackedMap<string, Access>(
    (saved?.access ?? []).map(([k, v]) => [k, { ...v, grant: grantAt(v.grant) }]),
    changed,
  );
  const refresh = trackedMap<string, Grant>(
    (saved?.refresh ?? []).map(([k, v]) => [k, grantAt(v)]),
    changed,
  );
  const state = (): GoogleApisSandboxState => ({
    grants,
    codes: [...codes].map(([k, v]) => [k, { ...v, grant: grants.indexOf(v.grant) }]),
    access: [...access].map(([k, v]) => [k, { ...v, grant: grants.indexOf(v.grant) }]),
    refresh: [...refresh].map(([k, v]) => [k, grants.indexOf(v)]),
  });

  const issueAccess = (grant: Grant) => {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    access.set(token, { grant, expires: Date.now() + ACCESS_SECONDS * 1000, calls: { minute: 0, count: 0 } });
    return token;
  };

  /** The grant behind a Bearer token, or undefined after answering Google's 401 or 429. */
  function bearer(req: IncomingMessage, res: ServerResponse, scope?: string): Grant | undefined {
    const token = access.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
    if (!token || token.grant.revoked || token.expires <= Date.now()) {
      apiError(
        res,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
      return undefined;
    }
    const minute = Math.floor(Date.now() / 60_000);
    if (token.calls.minute !== minute) token.calls = { minute, count: 0 };
    if (++token.calls.count > CALLS_PER_MINUTE) {
      apiError(
        res,
        429,
        'RESOURCE_EXHAUSTED',
        "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute'.",
      );
      return undefined;
    }
    if (scope && !token.grant.scope.split(' ').includes(scope)) {
      apiError(res, 403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
      return undefined;
    }
    return token.grant;
  }

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const q = url.searchParams;

    if (method === 'POST' && path === '/__sandbox/google/revoke') {
      for (const grant of grants) grant.revoked = true;
      changed();
      res.writeHead(204).end();
      return true;
    }
    if (method === 'GET' && path === '/google-accounts/o/oauth2/v2/auth') {
      if (q.get('client_id') !== client.clientId) {
        res
          .writeHead(401, { 'content-type': 'text/html' })
          .end('<h1>Error 401: invalid_client</h1><p>The OAuth client was not found.</p>');
        return true;
      }
      if (!options.redirectAllowed(q.get('redirect_uri') ?? '')) {
        res.writeHead(400, { 'content-type': 'text/html' }).end('<h1>Error 400: redirect_uri_mismatch</h1>');
        return true;
      }
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(consentPage(q, `${options.origin()}/google-accounts/__approve`));
      return true;
    }
    if (method === 'POST' && path === '/google-accounts/__approve') {
      const form = await readForm(req);
      const redirectUri = form.get('redirect_uri') ?? '';
      if (!options.redirectAllowed(redirectUri)) {
        json(res, 400, { error: 'redirect_uri_mismatch' });
        return true;
      }
      const target = new URL(redirectUri);
      if (form.get('decision') !== 'allow') target.searchParams.set('error', 'access_denied');
      else {
        const name = (form.get('name') ?? '').trim() || 'Sandy Box';
        const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@gmail.example`;
        const scope = form.getAll('scope').join(' ');
        const grant: Grant = {
          id: createHash('sha256').update(email).digest('hex').replace(/\D/g, '').slice(0, 21).padEnd(21, '1'),
          name,
          email,
          scope,
          revoked: false,
        };
        grants.push(grant);
        changed();
        const code = `4/${randomBytes(24).toString('base64url')}`;
        codes.set(code, {
          grant,
          clientId: form.get('client_id') ?? '',
          redirectUri,
          challenge: form.get('code_challenge') || undefined,
          offline: form.get('access_type') === 'offline',
          expires: Date.now() + 600_000,
        });
        target.searchParams.set('code', code);
        target.searchParams.set('scope', scope);
      }
      target.searchParams.set('state', form.get('state') ?? '');
      res.writeHead(302, { location: target.href }).end();
      return true;
    }
    if (method === 'POST' && path === '/google-oauth2/token') {
      const form = await readForm(req);
      if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret) {
        json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
        return true;
      }
      if (form.get('grant_type') === 'refresh_token') {
        const grant = refresh.get(form.get('refresh_token') ?? '');
        if (!grant || grant.revoked) {
          json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
          return true;
        }
        json(res, 200, {
          access_token: issueAccess(grant),
          expires_in: ACCESS_SECONDS,
          scope: grant.scope,
          token_type: 'Bearer',
        });
        return true;
      }
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (
        !code ||
        code.expires < Date.now() ||
        code.clientId !== client.clientId ||
        code.redirectUri !== form.get('redirect_uri') ||
        (code.challenge && createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
      ) {
        json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        return true;
      }
      const refreshToken = code.offline ? `1//${randomBytes(32).toString('base64url')}` : undefined;
      if (refreshToken) refresh.set(refreshToken, code.grant);
      json(res, 200, {
        access_token: issueAccess(code.grant),
        expires_in: ACCESS_SECONDS,
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        scope: code.grant.scope,
        token_type: 'Bearer',
      });
      return true;
    }
    if (method === 'GET' && path === '/google-oauth2/tokeninfo') {
      const token = access.get(q.get('access_token') ?? '');
      if (!token || token.grant.revoked || token.expires <= Date.now()) {
        json(res, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
        return true;
      }
      json(res, 200, {
        azp: client.clientId,
        aud: client.clientId,
        sub: token.grant.id,
        scope: token.grant.scope,
        exp: String(Math.floor(token.expires / 1000)),
        expires_in: String(Math.floor((token.expires - Date.now()) / 1000)),
        email: token.grant.email,
        email_verified: 'true',
        access_type: 'offline',
      });
      return true;
    }
    if (method === 'POST' && path === '/google-oauth2/revoke') {
      const form = await readForm(req);
      const token = form.get('token') ?? q.get('token') ?? '';
      const grant = refresh.get(token) ?? access.get(token)?.grant;
      if (!grant) {
        json(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
        return true;
      }
      grant.revoked = true;
      json(res, 200, {});
      return true;
    }
    if (method === 'GET' && path === '/google-apis/oauth2/v3/userinfo') {
      const grant = bearer(req, res);
      if (grant) {
        json(res, 200, {
          sub: grant.id,
          name: grant.name,
          given_name: grant.name.split(' ')[0],
          email: grant.email,
          email_verified: true,
        });
      }
      return true;
    }
    if (method === 'GET' && path === '/google-apis/webmasters/v3/sites') {
      if (bearer(req, res, SEARCH_CONSOLE)) json(res, 200, { siteEntry: SEARCH_CONSOLE_SITES });
      return true;
    }
    if (method === 'GET' && path === '/google-business-accounts/v1/accounts') {
      if (!bearer(req, res, BUSINESS)) return true;
      const size = Math.min(20, Math.max(1, Number(q.get('pageSize') ?? 20) || 20));
      const start = Number(q.get('pageToken') ?? 0) || 0;
      const page = BUSINESS_ACCOUNTS.slice(start, start + size);
      json(res, 200, {
        accounts: page,
        ...(start + size < BUSINESS_ACCOUNTS.length ? { nextPageToken: String(start + size) } : {}),
      });
      return true;
    }
    const locationsOf = /^\/google-business-information\/v1\/(accounts\/\d+)\/locations$/.exec(path)?.[1];
    if (method === 'GET' && locationsOf) {
      if (!bearer(req, res, BUSINESS)) return true;
      const list = BUSINESS_LOCATIONS[locationsOf];
      if (!list) {
        apiError(res, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
        return true;
      }
      if (!q.get('readMask')) {
        apiError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.');
        return true;
      }
      const size = Math.min(100, Math.max(1, Number(q.get('pageSize') ?? 10) || 10));
      const start = Number(q.get('pageToken') ?? 0) || 0;
      json(res, 200, {
        locations: list.slice(start, start + size),
        ...(start + size < list.length ? { nextPageToken: String(start + size) } : {}),
      });
      return true;
    }
    if (path.startsWith('/google-')) {
      apiError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      return true;
    }
    return false;
  }

  return { answer, state };
}
