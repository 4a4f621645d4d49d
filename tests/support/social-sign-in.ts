import { expect, inject } from 'vitest';
import type { TestClient } from './api-client';

export interface SocialSignInOptions {
  decision?: 'allow' | 'deny';
  inviteToken?: string;
  /** "Use another account": the start asks the provider for its account chooser. */
  chooseAccount?: boolean;
  /** Changes the provider's authorization URL before the browser follows it (a meddling page or extension). */
  alterAuthorize?: (url: URL) => void;
  /** Runs between the provider's approval and our callback (a tampered cookie, an aged state). */
  beforeCallback?: () => Promise<void>;
}

/** The hidden fields of the sandbox's consent form: what the provider carries from the request to its approval. */
const hiddenFieldsOf = (page: string) =>
  Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    ]),
  );

/**
 * The OAuth 2.0 code flow as a browser walks it: our start URL, the provider's consent page
 * (the loopback sandbox), the approval redirect, our callback. Answers where the callback
 * sent the browser; `authorize` and `callback` are the URLs the browser was sent to.
 */
export async function socialSignInTrip(
  client: TestClient,
  provider: 'google' | 'facebook',
  identity: { email: string; first?: string; last?: string },
  options: SocialSignInOptions = {},
): Promise<{ landed: URL; authorize: URL; callback: URL }> {
  const query = new URLSearchParams();
  if (options.inviteToken) query.set('inviteToken', options.inviteToken);
  if (options.chooseAccount) query.set('prompt', 'select_account');
  const start = await client.get(`/api/auth/oauth/${provider}${query.size ? `?${query.toString()}` : ''}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.searchParams.get('state')).toBe(client.cookies.get('oauth_state'));
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${client.baseUrl}/api/auth/oauth/${provider}/callback`);
  options.alterAuthorize?.(authorize);

  const page = await fetch(authorize);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  expect(html).toContain('sandbox');

  const form = new URLSearchParams({
    ...hiddenFieldsOf(html),
    email: identity.email,
    first_name: identity.first ?? 'Sam',
    last_name: identity.last ?? 'Social',
    decision: options.decision ?? 'allow',
  });
  const approve = await fetch(new URL('approve', authorize), { method: 'POST', body: form, redirect: 'manual' });
  expect(approve.status).toBe(302);
  const callback = new URL(approve.headers.get('location')!);
  await options.beforeCallback?.();
  const done = await client.get(callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return { landed: new URL(done.headers.get('location')!), authorize, callback };
}

/** The round trip of `socialSignInTrip`, answering only where the browser landed. */
export const socialSignIn = async (...args: Parameters<typeof socialSignInTrip>): Promise<URL> =>
  (await socialSignInTrip(...args)).landed;

/**
 * Makes the sandbox answer the next call to `path` with this status and body; with `account`,
 * only the code exchange for that email (other files sign in through the same endpoints meanwhile).
 */
export const failNext = (path: string, status: number, body: unknown, account?: string) =>
  fetch(`${inject('runtime').sandboxOrigin}/__sandbox/fail-next`, {
    method: 'POST',
    body: JSON.stringify({ path, status, body, account }),
  });
