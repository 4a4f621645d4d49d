import { afterAll, beforeAll, expect } from 'vitest';
import { SANDBOX_CLIENTS } from '../../infra/local/sandbox/oauth-sandbox';
import {
  PLATFORM_SANDBOX_CLIENTS,
  startPlatformSandbox,
  type PlatformSandbox,
} from '../../infra/local/sandbox/platform-sandbox';
import type { PlatformClient, TokenSet } from '../../functions/core/integrations/platform-client';
import { platformConfig, type PlatformConfig } from '../../functions/core/platform-config';
import { pkcePair } from '../../functions/core/integrations/connect-state';
import { BUSINESS_SCOPE, googleClient } from '../../functions/core/integrations/google-client';
import { wordpressClient, type WordPressCredentials } from '../../functions/core/integrations/wordpress-client';

export const APP_ORIGIN = 'http://app.test';
export const CREDS = {
  facebook: SANDBOX_CLIENTS.facebook,
  instagram: SANDBOX_CLIENTS.facebook,
  threads: PLATFORM_SANDBOX_CLIENTS.threads,
  linkedin: PLATFORM_SANDBOX_CLIENTS.linkedin,
};

/**
 * The sandbox platforms in this process for a unit suite, and the clients' configuration
 * pointed at them (FETCH_ALLOW opens its loopback port to the safe fetcher, as the runtime does).
 */
export function useSandboxPlatforms(timeoutMs = 2000) {
  let sandbox: PlatformSandbox | undefined;
  const saved = { ...process.env };
  beforeAll(async () => {
    sandbox = await startPlatformSandbox({
      allowedRedirectOrigins: [APP_ORIGIN],
      clients: { facebook: SANDBOX_CLIENTS.facebook, ...PLATFORM_SANDBOX_CLIENTS },
    });
    process.env.FETCH_ALLOW = new URL(sandbox.origin).host;
    process.env.PLATFORM_SANDBOX_ORIGIN = sandbox.origin;
    process.env.PLATFORM_TIMEOUT_MS = String(timeoutMs);
  });
  afterAll(async () => {
    process.env = saved;
    await sandbox?.stop();
  });
  return {
    origin: () => sandbox!.origin,
    config: (): PlatformConfig => platformConfig(),
  };
}

/** The consent page approves as `name`; answers the code the platform sends back with the state. */
export async function consent(client: PlatformClient, origin: string, options: { name?: string; deny?: boolean } = {}) {
  const creds = CREDS[client.platform];
  const pkce = client.pkce ? pkcePair() : undefined;
  const redirectUri = `${APP_ORIGIN}/api/integrations/${client.platform}/callback`;
  const authorize = new URL(
    client.authorizeUrl({ creds, redirectUri, state: 'state-1', codeChallenge: pkce?.challenge }),
  );
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  const form = new URLSearchParams({ name: options.name ?? 'Sandy Box', decision: options.deny ? 'deny' : 'allow' });
  for (const field of ['client_id', 'redirect_uri', 'state', 'scope', 'code_challenge', 'code_challenge_method']) {
    form.set(field, authorize.searchParams.get(field) ?? '');
  }
  const app = client.platform === 'instagram' ? 'facebook' : client.platform;
  const approve = await fetch(`${origin}/__sandbox/approve/${app}`, { method: 'POST', body: form, redirect: 'manual' });
  const back = new URL(approve.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('state-1');
  return {
    code: back.searchParams.get('code') ?? '',
    error: back.searchParams.get('error'),
    redirectUri,
    pkce,
    authorize,
  };
}

/**
 * The sandbox WordPress site's authorize-application page approved as `login`: the application
 * password WordPress hands back, with the site and the user it belongs to.
 */
export async function approveWordPress(
  sandbox: ReturnType<typeof useSandboxPlatforms>,
  login = 'admin',
): Promise<WordPressCredentials & { kind: 'application-password' }> {
  const client = wordpressClient(sandbox.config());
  const site = await client.discover(sandbox.origin());
  const url = new URL(
    client.authorizeApplicationUrl({
      authorizeUrl: site.authorizeUrl!,
      // WordPress refuses a second password of the same name for a user: each approval names its own.
      appName: `Marketing Automation (unit ${Math.random().toString(36).slice(2, 8)})`,
      appId: '6b3e7f2a-4c1d-4e8b-9a55-0f3d2c1b7a90',
      successUrl: `${APP_ORIGIN}/api/integrations/wordpress/callback?state=s`,
      rejectUrl: `${APP_ORIGIN}/api/integrations/wordpress/callback?state=s`,
    }),
  );
  const form = new URLSearchParams({ action: 'approve', user_login: login });
  for (const k of ['app_name', 'app_id', 'success_url', 'reject_url']) form.set(k, url.searchParams.get(k) ?? '');
  const res = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  const back = new URL(res.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('s');
  expect(back.searchParams.get('site_url')).toBe(sandbox.origin());
  return {
    kind: 'application-password',
    siteUrl: sandbox.origin(),
    userLogin: back.searchParams.get('user_login')!,
    password: back.searchParams.get('password')!,
  };
}

/** Consent and code exchange: a connected client's tokens. */
export async function connected(client: PlatformClient, origin: string, name = 'Sandy Box'): Promise<TokenSet> {
  const { code, redirectUri, pkce } = await consent(client, origin, { name });
  return client.exchangeCode({ creds: CREDS[client.platform], redirectUri, code, codeVerifier: pkce?.verifier });
}

export async function failNext(origin: string, spec: Record<string, unknown>) {
  const res = await fetch(`${origin}/__sandbox/fail-next`, { method: 'POST', body: JSON.stringify(spec) });
  expect(res.status).toBe(204);
}

/**
 * A Google access token for the Business Profile APIs, as a user who approved the sandbox's
 * consent page would give the app (the code flow with PKCE).
 */
export async function businessProfileToken(
  sandbox: ReturnType<typeof useSandboxPlatforms>,
  name = 'Bea Business',
): Promise<string> {
  const google = googleClient(sandbox.config(), 'google-my-business');
  const pkce = pkcePair();
  const redirectUri = `${APP_ORIGIN}/api/business/callback`;
  const url = new URL(
    google.authorizeUrl({
      creds: SANDBOX_CLIENTS.google,
      redirectUri,
      state: 's',
      scope: `openid ${BUSINESS_SCOPE}`,
      codeChallenge: pkce.challenge,
    }),
  );
  const form = new URLSearchParams({ decision: 'allow', name });
  for (const k of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'access_type']) {
    form.set(k, url.searchParams.get(k) ?? '');
  }
  for (const s of (url.searchParams.get('scope') ?? '').split(' ')) form.append('scope', s);
  const approved = await fetch(`${sandbox.origin()}/google-accounts/__approve`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
  const { accessToken } = await google.exchangeCode({
    creds: SANDBOX_CLIENTS.google,
    redirectUri,
    code,
    codeVerifier: pkce.verifier,
  });
  return accessToken;
}
