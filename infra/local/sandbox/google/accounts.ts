import { createHash, randomBytes } from 'node:crypto';
import { escapeHtml, hiddenFields, html, json, redirect } from '../kit/answers';
import { oauthError } from '../kit/errors';
import { route, type Call, type Route } from '../kit/router';
import { SANDBOX_CLIENTS } from '../oauth-sandbox';
import { ACCESS_SECONDS, BUSINESS, SEARCH_CONSOLE, issueAccess, type Grant, type GoogleContext } from './context';

/**
 * Google's OAuth 2.0 with offline access: the consent page (accounts.google.com, under
 * /google-accounts) with scopes the user may untick, and oauth2.googleapis.com (under
 * /google-oauth2): the token endpoint's code and refresh grants, tokeninfo and revoke.
 * Google's app is sign-in's (SANDBOX_CLIENTS.google).
 */
const client = SANDBOX_CLIENTS.google;

const SCOPE_WORDS: Record<string, string> = {
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
  profile: 'See your personal info',
  [SEARCH_CONSOLE]: 'View Search Console data for your verified sites',
  [BUSINESS]: 'See, edit, create and delete your Google business listings',
};

function consentPage(query: URLSearchParams, action: string): string {
  const scopes = (query.get('scope') ?? '').split(/\s+/).filter(Boolean);
  const hidden = hiddenFields(['client_id', 'redirect_uri', 'state', 'code_challenge', 'access_type'], query);
  const boxes = scopes
    .map(
      (s, i) =>
        `<li><input type="checkbox" id="scope${i}" name="scope" value="${escapeHtml(s)}" checked><label for="scope${i}">${escapeHtml(SCOPE_WORDS[s] ?? s)}</label></li>`,
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

function consent(ctx: GoogleContext, { res, url }: Call) {
  const q = url.searchParams;
  if (q.get('client_id') !== client.clientId) {
    return html(res, 401, '<h1>Error 401: invalid_client</h1><p>The OAuth client was not found.</p>', 'text/html');
  }
  if (!ctx.redirectAllowed(q.get('redirect_uri') ?? '')) {
    return html(res, 400, '<h1>Error 400: redirect_uri_mismatch</h1>', 'text/html');
  }
  return html(res, 200, consentPage(q, `${ctx.origin()}/google-accounts/__approve`));
}

/** A new grant for the scopes left ticked, and its code. */
function grantCode(ctx: GoogleContext, form: URLSearchParams, redirectUri: string) {
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
  ctx.grants.push(grant);
  ctx.changed();
  const code = `4/${randomBytes(24).toString('base64url')}`;
  ctx.codes.set(code, {
    grant,
    clientId: form.get('client_id') ?? '',
    redirectUri,
    challenge: form.get('code_challenge') || undefined,
    offline: form.get('access_type') === 'offline',
    expires: Date.now() + 600_000,
  });
  return { code, scope };
}

async function approve(ctx: GoogleContext, call: Call) {
  const form = await call.form();
  const redirectUri = form.get('redirect_uri') ?? '';
  if (!ctx.redirectAllowed(redirectUri)) return json(call.res, 400, { error: 'redirect_uri_mismatch' });
  const target = new URL(redirectUri);
  if (form.get('decision') !== 'allow') target.searchParams.set('error', 'access_denied');
  else {
    const { code, scope } = grantCode(ctx, form, redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('scope', scope);
  }
  target.searchParams.set('state', form.get('state') ?? '');
  return redirect(call.res, target.href);
}

function refreshGrant(ctx: GoogleContext, { res }: Call, form: URLSearchParams) {
  const grant = ctx.refresh.get(form.get('refresh_token') ?? '');
  if (!grant || grant.revoked) return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
  const access_token = issueAccess(ctx, grant);
  return json(res, 200, { access_token, expires_in: ACCESS_SECONDS, scope: grant.scope, token_type: 'Bearer' });
}

function codeGrant(ctx: GoogleContext, { res }: Call, form: URLSearchParams) {
  const code = ctx.codes.get(form.get('code') ?? '');
  ctx.codes.delete(form.get('code') ?? '');
  const verifier = form.get('code_verifier') ?? '';
  if (
    !code ||
    code.expires < Date.now() ||
    code.clientId !== client.clientId ||
    code.redirectUri !== form.get('redirect_uri') ||
    (code.challenge && createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
  ) {
    return oauthError(res, 400, 'invalid_grant', 'Bad Request');
  }
  const refreshToken = code.offline ? `1//${randomBytes(32).toString('base64url')}` : undefined;
  if (refreshToken) ctx.refresh.set(refreshToken, code.grant);
  return json(res, 200, {
    access_token: issueAccess(ctx, code.grant),
    expires_in: ACCESS_SECONDS,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    scope: code.grant.scope,
    token_type: 'Bearer',
  });
}

async function token(ctx: GoogleContext, call: Call) {
  const form = await call.form();
  if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret) {
    return oauthError(call.res, 401, 'invalid_client', 'Unauthorized');
  }
  if (form.get('grant_type') === 'refresh_token') return refreshGrant(ctx, call, form);
  return codeGrant(ctx, call, form);
}

function tokeninfo(ctx: GoogleContext, { res, url }: Call) {
  const token = ctx.access.get(url.searchParams.get('access_token') ?? '');
  if (!token || token.grant.revoked || token.expires <= Date.now()) {
    return oauthError(res, 400, 'invalid_token', 'Invalid Value');
  }
  return json(res, 200, {
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
}

/** POST revoke: the grant behind a refresh or access token is revoked (saved with the next change). */
async function revoke(ctx: GoogleContext, call: Call) {
  const form = await call.form();
  const token = form.get('token') ?? call.url.searchParams.get('token') ?? '';
  const grant = ctx.refresh.get(token) ?? ctx.access.get(token)?.grant;
  if (!grant) return oauthError(call.res, 400, 'invalid_token', 'Token expired or revoked');
  grant.revoked = true;
  return json(call.res, 200, {});
}

export const accountRoutes = (ctx: GoogleContext): Route<Call>[] => [
  route('GET', '/google-accounts/o/oauth2/v2/auth', (call) => consent(ctx, call)),
  route('POST', '/google-accounts/__approve', (call) => approve(ctx, call)),
  route('POST', '/google-oauth2/token', (call) => token(ctx, call)),
  route('GET', '/google-oauth2/tokeninfo', (call) => tokeninfo(ctx, call)),
  route('POST', '/google-oauth2/revoke', (call) => revoke(ctx, call)),
];
