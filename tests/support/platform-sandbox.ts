import { afterAll, beforeAll, expect } from 'vitest';
import { SANDBOX_CLIENTS } from '../../infra/local/sandbox/oauth-sandbox';
import {
  PLATFORM_SANDBOX_CLIENTS,
  startPlatformSandbox,
  type PlatformSandbox,
} from '../../infra/local/sandbox/platform-sandbox';
import type { PlatformClient, TokenSet } from '../../functions/core/integrations/platform-client';
import { platformConfig, type PlatformConfig } from '../../functions/core/integrations/platform-config';
import { pkcePair } from '../../functions/core/integrations/connect-state';

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

/** Consent and code exchange: a connected client's tokens. */
export async function connected(client: PlatformClient, origin: string, name = 'Sandy Box'): Promise<TokenSet> {
  const { code, redirectUri, pkce } = await consent(client, origin, { name });
  return client.exchangeCode({ creds: CREDS[client.platform], redirectUri, code, codeVerifier: pkce?.verifier });
}

export async function failNext(origin: string, spec: Record<string, unknown>) {
  const res = await fetch(`${origin}/__sandbox/fail-next`, { method: 'POST', body: JSON.stringify(spec) });
  expect(res.status).toBe(204);
}
