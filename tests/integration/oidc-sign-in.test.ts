import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENTS } from '../../infra/local/sandbox/oauth-sandbox';
import { PASSWORD, signedInUser, TestClient, uniqueEmail } from '../support/api-client';
import type { RuntimeProcess } from '../support/runtime';
import { startRuntimeBesideSuite } from '../support/suite-runtime-env';

/**
 * "Continue with Google" against `oidc-provider`, a certified OpenID Provider nobody here wrote,
 * standing in for Google (OAUTH_GOOGLE_ISSUER: the runtime reads its discovery document) and
 * configured to require PKCE (S256) for every client. Its login and consent are answered by the
 * test (the account to sign in as), so the round trip is the protocol's alone: our start, the
 * provider's authorization endpoint, its redirect back, our callback exchanging the code with
 * the verifier and checking the ID token (signature by its JWKS, issuer, audience, expiry, the
 * nonce). A runtime of its own, since the suite's signs in with the sandbox's Google.
 */
interface Account {
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}
const accounts = new Map<string, Account>();
let signInAs = '';

let server: Server;
let provider: Provider;
let issuer = '';
let runtime: RuntimeProcess;

/** The test's own login and consent: sign in as `signInAs` and grant what was asked. */
async function interact(req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  const grant = new provider.Grant({ accountId: signInAs, clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: signInAs }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

beforeAll(async () => {
  // The provider listens first: the runtime needs its issuer, and the provider the runtime's
  // callback address, known only once the runtime runs.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => void res.writeHead(503).end();
  server = createServer((req, res) => handle(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  runtime = await startRuntimeBesideSuite({ env: { OAUTH_GOOGLE_ISSUER: issuer } });

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: SANDBOX_CLIENTS.google.clientId,
        client_secret: SANDBOX_CLIENTS.google.clientSecret,
        redirect_uris: [`${runtime.url}/api/auth/oauth/google/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // Every client, confidential ones too: an authorization request without a challenge is refused.
    pkce: { required: () => true },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['a cookie signing key for this test only'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    // Stated, so the provider does not note each default it falls back to.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
  });
  const callback = provider.callback();
  handle = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
    } else void callback(req, res);
  };
}, 120_000);

afterAll(async () => {
  await runtime.stop();
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

/** A browser at the provider: follows its redirects with its cookies until it is sent back to the app. */
async function throughProvider(authorize: URL): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorize;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    url = new URL(location, url);
    if (url.origin !== issuer) return url;
  }
  throw new Error('the provider kept redirecting');
}

/** A new account at the provider, signed in as next. */
function providerAccount(fields: Partial<Account> = {}): Account {
  const sub = `sub-${accounts.size + 1}`;
  const account = {
    email: uniqueEmail('oidc'),
    email_verified: true,
    given_name: 'Olive',
    family_name: 'Idc',
    ...fields,
  };
  accounts.set(sub, account);
  signInAs = sub;
  return account;
}

interface Trip {
  alterAuthorize?: (url: URL) => void;
  alterCallback?: (url: URL) => void;
}

async function signIn(client: TestClient, trip: Trip = {}) {
  const start = await client.get('/api/auth/oauth/google');
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  trip.alterAuthorize?.(authorize);
  const callback = await throughProvider(authorize);
  trip.alterCallback?.(callback);
  const done = await client.get(callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return { landed: new URL(done.headers.get('location')!), authorize, callback };
}

const expired = /expired or was already used/;

describe('sign-in with Google, against a certified OpenID Provider that requires PKCE', () => {
  it('signs in: PKCE (S256), state and nonce sent, no prompt; a new verified account, found again next time', async () => {
    const account = providerAccount();
    const client = new TestClient(runtime.url);
    const { landed, authorize, callback } = await signIn(client);
    expect(authorize.origin + authorize.pathname).toBe(`${issuer}/auth`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.has('prompt')).toBe(false);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(landed.pathname, landed.search).toBe('/');
    const profile = (await client.get('/api/auth/profile')).body;
    expect(profile).toMatchObject({ email: account.email, firstName: 'Olive', lastName: 'Idc' });

    const again = new TestClient(runtime.url);
    expect((await signIn(again)).landed.pathname).toBe('/');
    expect((await again.get('/api/auth/profile')).body.id).toBe(profile.id);
  });

  it('the provider itself refuses an authorization request without a code challenge', async () => {
    providerAccount();
    const start = await new TestClient(runtime.url).get('/api/auth/oauth/google');
    const authorize = new URL(start.headers.get('location')!);
    authorize.searchParams.delete('code_challenge');
    authorize.searchParams.delete('code_challenge_method');
    const back = await throughProvider(authorize);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE|code_challenge/);
  });

  it('a code challenge changed on the way fails the exchange: the verifier stays on the server', async () => {
    providerAccount();
    const client = new TestClient(runtime.url);
    const { landed } = await signIn(client, {
      alterAuthorize: (url) => url.searchParams.set('code_challenge', 'A'.repeat(43)),
    });
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('message')).toBe('Google sign-in failed. Please try again.');
    expect((await client.get('/api/auth/profile')).status).toBe(401);
  });

  it('a replayed callback (the same state and code, with its cookie) is refused', async () => {
    providerAccount();
    const client = new TestClient(runtime.url);
    const { landed, callback } = await signIn(client);
    expect(landed.pathname).toBe('/');
    const replayer = new TestClient(runtime.url);
    replayer.cookies.set('oauth_state', callback.searchParams.get('state')!);
    const replay = await replayer.get(callback.pathname + callback.search);
    const replayed = new URL(replay.headers.get('location')!);
    expect(replayed.pathname).toBe('/auth');
    expect(replayed.searchParams.get('message')).toMatch(expired);
    expect((await replayer.get('/api/auth/profile')).status).toBe(401);
  });

  it('an altered state is refused, whether or not the cookie was altered to match', async () => {
    providerAccount();
    const client = new TestClient(runtime.url);
    const { landed } = await signIn(client, {
      alterCallback: (url) => url.searchParams.set('state', `${url.searchParams.get('state')!.slice(0, -2)}xy`),
    });
    expect(landed.searchParams.get('message')).toMatch(expired);
    expect((await client.get('/api/auth/profile')).status).toBe(401);

    const both = new TestClient(runtime.url);
    const forged = 'f'.repeat(43);
    const second = await signIn(both, {
      alterCallback: (url) => {
        url.searchParams.set('state', forged);
        both.cookies.set('oauth_state', forged);
      },
    });
    expect(second.landed.searchParams.get('message')).toMatch(expired);
    expect((await both.get('/api/auth/profile')).status).toBe(401);
  });

  it('a nonce changed on the way comes back in the signed ID token, and is refused', async () => {
    providerAccount();
    const client = new TestClient(runtime.url);
    const { landed } = await signIn(client, {
      alterAuthorize: (url) => url.searchParams.set('nonce', 'a-nonce-this-sign-in-never-sent'),
    });
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('message')).toBe('Google sign-in could not be checked. Please try again.');
    expect((await client.get('/api/auth/profile')).status).toBe(401);
  });

  it('an email the provider does not say it verified neither signs in nor reaches the account that has it', async () => {
    const existing = await signedInUser('oidc-unverified', {}, runtime.url);
    providerAccount({ email: existing.email, email_verified: false });
    const client = new TestClient(runtime.url);
    const { landed } = await signIn(client);
    expect(landed.searchParams.get('message')).toBe(
      'Your Google account has no confirmed email address. Sign up with email instead.',
    );
    expect((await client.get('/api/auth/profile')).status).toBe(401);

    // Verified by the provider, the same address links to the account, whose password still works.
    providerAccount({ email: existing.email, email_verified: true });
    const linked = new TestClient(runtime.url);
    expect((await signIn(linked)).landed.pathname).toBe('/');
    expect((await linked.get('/api/auth/profile')).body.id).toBe(existing.profile.id);
    const login = await new TestClient(runtime.url).post('/api/auth/login', {
      email: existing.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
  });
});
