import { expect, inject } from 'vitest';
import type { TestClient } from './api-client';

export interface SocialSignInOptions {
  decision?: 'allow' | 'deny';
  inviteToken?: string;
  /** Runs between the provider's approval and our callback (a tampered cookie, an aged state). */
  beforeCallback?: () => Promise<void>;
}

/**
 * The OAuth 2.0 code flow as a browser walks it: our start URL, the provider's consent page
 * (the loopback sandbox), the approval redirect, our callback. Answers where the callback
 * sent the browser.
 */
export async function socialSignIn(
  client: TestClient,
  provider: 'google' | 'facebook',
  identity: { email: string; first?: string; last?: string },
  options: SocialSignInOptions = {},
): Promise<URL> {
  const start = await client.get(
    `/api/auth/oauth/${provider}${options.inviteToken ? `?inviteToken=${options.inviteToken}` : ''}`,
  );
  expect(start.status).toBe(302);
  const consent = new URL(start.headers.get('location')!);
  expect(consent.searchParams.get('state')).toBe(client.cookies.get('oauth_state'));
  expect(consent.searchParams.get('redirect_uri')).toBe(`${client.baseUrl}/api/auth/oauth/${provider}/callback`);

  const page = await fetch(consent);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('sandbox');

  const form = new URLSearchParams({
    client_id: consent.searchParams.get('client_id')!,
    redirect_uri: consent.searchParams.get('redirect_uri')!,
    state: consent.searchParams.get('state')!,
    email: identity.email,
    first_name: identity.first ?? 'Sam',
    last_name: identity.last ?? 'Social',
    decision: options.decision ?? 'allow',
  });
  const approve = await fetch(new URL('approve', consent), { method: 'POST', body: form, redirect: 'manual' });
  expect(approve.status).toBe(302);
  const callback = new URL(approve.headers.get('location')!);
  await options.beforeCallback?.();
  const done = await client.get(callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return new URL(done.headers.get('location')!);
}

/** Makes the sandbox answer the next call to `path` with this status and body. */
export const failNext = (path: string, status: number, body: unknown) =>
  fetch(`${inject('runtime').sandboxOrigin}/__sandbox/fail-next`, {
    method: 'POST',
    body: JSON.stringify({ path, status, body }),
  });
