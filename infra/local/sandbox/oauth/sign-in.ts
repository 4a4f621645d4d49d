import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { hiddenFields, html, json, redirect } from '../kit/answers';
import { graphError, oauthError } from '../kit/errors';
import { route, type Call, type Route } from '../kit/router';

/**
 * Sign-in with Google and Facebook: a consent page, the code exchange and the profile call for
 * each provider, routed on the path after /{provider}[/{version}]/. Both demand PKCE (S256) as
 * a provider configured to require it does: no code_challenge, no consent page; no matching
 * code_verifier, no token. Google is an OpenID provider here as it is for real: a discovery
 * document, an ID token carrying the request's nonce, signed with a key it publishes as JWKS.
 */
export const SANDBOX_CLIENTS = {
  google: { clientId: 'sandbox-google-client', clientSecret: 'sandbox-google-secret' },
  facebook: { clientId: 'sandbox-facebook-app', clientSecret: 'sandbox-facebook-secret' },
} as const;

export type Provider = keyof typeof SANDBOX_CLIENTS;
interface Identity {
  email: string;
  firstName: string;
  lastName: string;
}
interface Grant {
  provider: Provider;
  identity: Identity;
  redirectUri: string;
  /** The request's PKCE challenge (S256), checked against the verifier at the token call. */
  codeChallenge: string;
  /** The request's nonce, put in the ID token as sent (Google). */
  nonce: string | undefined;
  expires: number;
}

/** The sandbox's ID token key: made at each start, published at Google's JWKS path. */
export interface SigningKey {
  privateKey: CryptoKey;
  publicJwk: JWK & { kid: string };
}

export async function newSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export interface SignInContext {
  redirectAllowed: (uri: string) => boolean;
  /** The sandbox's own origin (known once it listens): Google's issuer is `<origin>/google`. */
  origin: () => string;
  signingKey: SigningKey;
  grants: Map<string, Grant>;
  tokens: Map<string, { provider: Provider; identity: Identity }>;
}

const googleIssuer = (ctx: SignInContext) => `${ctx.origin()}/google`;

const subjectOf = (provider: Provider, email: string) =>
  createHash('sha256')
    .update(`${provider}:${email.toLowerCase()}`)
    .digest('hex')
    .slice(0, 20)
    .replace(/[a-f]/g, (c) => String(c.charCodeAt(0) % 10));

function consentPage(provider: Provider, query: URLSearchParams): string {
  const brand = provider === 'google' ? { name: 'Google', color: '#1a73e8' } : { name: 'Facebook', color: '#1877f2' };
  const hidden = hiddenFields(
    ['client_id', 'redirect_uri', 'state', 'scope', 'code_challenge', 'code_challenge_method', 'nonce'],
    query,
  );
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in with ${brand.name} (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f3f4;display:grid;place-items:center;min-height:100vh;margin:0}
main{box-sizing:border-box;background:#fff;border-radius:12px;padding:32px;width:min(380px,92vw);box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:0 0 4px;color:${brand.color}}p{color:#555;font-size:14px}label{display:block;font-size:13px;margin:12px 0 4px}
input[type=text],input[type=email]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccc;border-radius:6px;font-size:15px}
.row{display:flex;gap:8px;margin-top:20px}button{flex:1;padding:10px;border-radius:6px;border:0;font-size:15px;cursor:pointer}
.ok{background:${brand.color};color:#fff}.no{background:#e8eaed}</style></head>
<body><main><h1>${brand.name} sandbox</h1><p>This stands in for ${brand.name}'s consent screen on the local runtime. Choose who to sign in as.</p>
<form method="post" action="approve">${hidden}
<label for="email">Email</label><input id="email" type="email" name="email" value="sandbox.user@example.com" required>
<label for="first">First name</label><input id="first" type="text" name="first_name" value="Sandy">
<label for="last">Last name</label><input id="last" type="text" name="last_name" value="Box">
<div class="row"><button class="no" name="decision" value="deny" formnovalidate>Cancel</button><button class="ok" name="decision" value="allow">Continue</button></div>
</form></main></body></html>`;
}

function consent(ctx: SignInContext, { res, url }: Call, provider: Provider) {
  if (url.searchParams.get('client_id') !== SANDBOX_CLIENTS[provider].clientId) {
    return html(res, 401, '<h1>Error 401: invalid_client</h1><p>The OAuth client was not found.</p>', 'text/html');
  }
  if (!ctx.redirectAllowed(url.searchParams.get('redirect_uri') ?? '')) {
    return html(res, 400, '<h1>Error 400: redirect_uri_mismatch</h1>', 'text/html');
  }
  // Required here, as a provider configured to require PKCE does; S256 only (plain proves nothing).
  if (!url.searchParams.get('code_challenge') || url.searchParams.get('code_challenge_method') !== 'S256') {
    return html(res, 400, '<h1>Error 400: invalid_request</h1><p>code_challenge (S256) is required.</p>', 'text/html');
  }
  const prompt = url.searchParams.get('prompt');
  if (prompt !== null && !(provider === 'google' && prompt === 'select_account')) {
    return html(res, 400, '<h1>Error 400: invalid_request</h1><p>Unsupported prompt.</p>', 'text/html');
  }
  return html(res, 200, consentPage(provider, url.searchParams));
}

async function approve(ctx: SignInContext, call: Call, provider: Provider) {
  const form = await call.form();
  const redirectUri = form.get('redirect_uri') ?? '';
  if (!ctx.redirectAllowed(redirectUri)) return json(call.res, 400, { error: 'redirect_uri_mismatch' });
  const target = new URL(redirectUri);
  target.searchParams.set('state', form.get('state') ?? '');
  if (form.get('decision') !== 'allow') target.searchParams.set('error', 'access_denied');
  else {
    const code = randomBytes(16).toString('base64url');
    const identity = {
      email: (form.get('email') ?? '').trim().toLowerCase(),
      firstName: form.get('first_name') ?? '',
      lastName: form.get('last_name') ?? '',
    };
    ctx.grants.set(code, {
      provider,
      redirectUri,
      codeChallenge: form.get('code_challenge') ?? '',
      nonce: form.get('nonce') ?? undefined,
      expires: Date.now() + 60_000,
      identity,
    });
    target.searchParams.set('code', code);
  }
  return redirect(call.res, target.href);
}

/** Takes the code's grant (single use). */
function takeGrant(ctx: SignInContext, code: string) {
  const grant = ctx.grants.get(code);
  ctx.grants.delete(code);
  return grant;
}

/** RFC 7636 §4.6: BASE64URL(SHA256(code_verifier)) must be the challenge the request sent. */
const verifierMatches = (grant: Grant, verifier: string | null) =>
  !!verifier &&
  !!grant.codeChallenge &&
  createHash('sha256').update(verifier).digest('base64url') === grant.codeChallenge;

/** An ID token as Google's: RS256, its key's kid, the claims of scope `openid email profile`, the nonce as sent. */
function idToken(ctx: SignInContext, grant: Grant, clientId: string) {
  const { email, firstName, lastName } = grant.identity;
  return new SignJWT({
    email,
    email_verified: true,
    name: `${firstName} ${lastName}`.trim(),
    given_name: firstName,
    family_name: lastName,
    azp: clientId,
    ...(grant.nonce ? { nonce: grant.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: ctx.signingKey.publicJwk.kid, typ: 'JWT' })
    .setIssuer(googleIssuer(ctx))
    .setAudience(clientId)
    .setSubject(subjectOf('google', email))
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(ctx.signingKey.privateKey);
}

/** Google's discovery document, as accounts.google.com publishes it, for the sandbox's paths. */
function googleDiscovery(ctx: SignInContext, { res }: Call) {
  const issuer = googleIssuer(ctx);
  return json(res, 200, {
    issuer,
    authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/oauth2/v3/userinfo`,
    jwks_uri: `${issuer}/oauth2/v3/certs`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    code_challenge_methods_supported: ['S256'],
    claims_supported: [
      'aud',
      'email',
      'email_verified',
      'exp',
      'family_name',
      'given_name',
      'iat',
      'iss',
      'name',
      'sub',
    ],
  });
}

async function googleToken(ctx: SignInContext, call: Call) {
  const form = await call.form();
  const client = SANDBOX_CLIENTS.google;
  if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret) {
    return oauthError(call.res, 401, 'invalid_client', 'Unauthorized');
  }
  if (form.get('grant_type') !== 'authorization_code') {
    return oauthError(call.res, 400, 'unsupported_grant_type', 'Invalid grant_type');
  }
  const grant = takeGrant(ctx, form.get('code') ?? '');
  if (
    !grant ||
    grant.provider !== 'google' ||
    grant.expires < Date.now() ||
    grant.redirectUri !== form.get('redirect_uri')
  ) {
    return oauthError(call.res, 400, 'invalid_grant', 'Bad Request');
  }
  if (!verifierMatches(grant, form.get('code_verifier'))) {
    return oauthError(call.res, 400, 'invalid_grant', 'Invalid code verifier.');
  }
  const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
  ctx.tokens.set(accessToken, { provider: 'google', identity: grant.identity });
  const answer = {
    access_token: accessToken,
    expires_in: 3599,
    token_type: 'Bearer',
    scope: 'openid email profile',
    id_token: await idToken(ctx, grant, client.clientId),
  };
  return json(call.res, 200, answer);
}

function googleUserinfo(ctx: SignInContext, { req, res }: Call) {
  const token = ctx.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
  if (token?.provider !== 'google') return oauthError(res, 401, 'invalid_token', 'Invalid Credentials');
  const { email, firstName, lastName } = token.identity;
  return json(res, 200, {
    sub: subjectOf('google', email),
    email,
    email_verified: true,
    name: `${firstName} ${lastName}`.trim(),
    given_name: firstName,
    family_name: lastName,
  });
}

function facebookToken(ctx: SignInContext, { res, url }: Call) {
  const q = url.searchParams;
  const client = SANDBOX_CLIENTS.facebook;
  if (q.get('client_id') !== client.clientId || q.get('client_secret') !== client.clientSecret) {
    return graphError(res, 400, 'Error validating client secret.', 1);
  }
  const grant = takeGrant(ctx, q.get('code') ?? '');
  if (!grant || grant.provider !== 'facebook' || grant.expires < Date.now()) {
    return graphError(res, 400, 'Invalid verification code format.', 100);
  }
  if (grant.redirectUri !== q.get('redirect_uri')) {
    return graphError(
      res,
      400,
      'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      100,
    );
  }
  if (!verifierMatches(grant, q.get('code_verifier'))) {
    return graphError(res, 400, 'Invalid code verifier.', 100);
  }
  const accessToken = `EAAB${randomBytes(24).toString('base64url')}`;
  ctx.tokens.set(accessToken, { provider: 'facebook', identity: grant.identity });
  return json(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 5183944 });
}

function facebookMe(ctx: SignInContext, { req, res, url }: Call) {
  const raw = (req.headers.authorization ?? '').replace(/^Bearer /, '') || url.searchParams.get('access_token') || '';
  const token = ctx.tokens.get(raw);
  if (token?.provider !== 'facebook') {
    return graphError(res, 400, 'Invalid OAuth access token - Cannot parse access token', 190);
  }
  const { email, firstName, lastName } = token.identity;
  const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
  const all: Record<string, string> = {
    id: subjectOf('facebook', email),
    email,
    first_name: firstName,
    last_name: lastName,
    name: `${firstName} ${lastName}`.trim(),
  };
  return json(res, 200, Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])));
}

/** A provider's routes, on the path after /{provider}[/{version}]/. */
export const signInRoutes = (ctx: SignInContext, provider: Provider): Route<Call>[] => [
  route('GET', /^(o\/oauth2\/v2\/auth|dialog\/oauth)$/, (call) => consent(ctx, call, provider)),
  route('POST', /^(o\/oauth2\/v2\/approve|dialog\/approve)$/, (call) => approve(ctx, call, provider)),
  ...(provider === 'google'
    ? [
        route('GET', '.well-known/openid-configuration', (call) => googleDiscovery(ctx, call)),
        route('GET', 'oauth2/v3/certs', ({ res }) => json(res, 200, { keys: [ctx.signingKey.publicJwk] })),
        route('POST', 'token', (call) => googleToken(ctx, call)),
        route('GET', 'oauth2/v3/userinfo', (call) => googleUserinfo(ctx, call)),
      ]
    : [
        route('GET', 'oauth/access_token', (call) => facebookToken(ctx, call)),
        route('GET', 'me', (call) => facebookMe(ctx, call)),
      ]),
];
