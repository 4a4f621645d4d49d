import { expect } from 'vitest';
import type { TestClient } from './api-client';

export type SocialPlatform = 'facebook' | 'instagram' | 'threads' | 'linkedin';

export interface ConnectOptions {
  decision?: 'allow' | 'deny';
  /** The account name typed on the sandbox consent page. */
  name?: string;
  /** Meta's page step: the pages left ticked (by default the form skips the step: every page). */
  pages?: string[];
  inviteToken?: string;
  /** Runs between the platform's approval and our callback (a switched company, a lost cookie). */
  beforeCallback?: (callback: URL) => Promise<void>;
  /** Who follows the callback link (default: the client that started). */
  callbackClient?: TestClient;
}

/** The consent page's approval endpoint for a platform (Instagram goes through Meta's dialog). */
const sandboxApp = (platform: SocialPlatform) => (platform === 'instagram' ? 'facebook' : platform);

/**
 * The connect flow as a browser walks it: our connect answer, the sandbox platform's consent
 * page, its approval redirect, our callback. Answers where the callback sent the browser,
 * the callback URL (for replays) and the sandbox origin.
 */
export async function connectPlatform(client: TestClient, platform: SocialPlatform, options: ConnectOptions = {}) {
  const query = options.inviteToken ? `?inviteToken=${encodeURIComponent(options.inviteToken)}` : '';
  const start = await client.get<{ url: string }>(`/api/integrations/${platform}/connect${query}`);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const consent = new URL(start.body.url);
  expect(consent.searchParams.get('state')).toBe(client.cookies.get('integration_state'));
  expect(consent.searchParams.get('redirect_uri')).toBe(`${client.baseUrl}/api/integrations/${platform}/callback`);
  const page = await fetch(consent);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('sandbox');

  const form = new URLSearchParams({ name: options.name ?? 'Sandy Box', decision: options.decision ?? 'allow' });
  for (const field of ['client_id', 'redirect_uri', 'state', 'scope', 'code_challenge', 'code_challenge_method']) {
    form.set(field, consent.searchParams.get(field) ?? '');
  }
  if (options.pages) {
    form.set('pages_asked', '1');
    for (const page of options.pages) form.append('page', page);
  }
  const approve = await fetch(`${consent.origin}/__sandbox/approve/${sandboxApp(platform)}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(approve.status).toBe(302);
  const callback = new URL(approve.headers.get('location')!);
  await options.beforeCallback?.(callback);
  const done = await (options.callbackClient ?? client).get(callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return { landed: new URL(done.headers.get('location')!), callback, sandboxOrigin: consent.origin, consent };
}

export type SandboxFailure = 'rate-limit' | 'server-error' | 'timeout' | 'token-expired';

export interface FailNextOptions {
  delayMs?: number;
  /** Only a call whose body holds this text fails (a refresh, not another file's connect to the same endpoint). */
  bodyIncludes?: string;
  /**
   * Only a call for this account (the name typed on the consent page; at a token endpoint, the
   * account of the code or refresh token traded) fails: other files call the same paths meanwhile.
   */
  account?: string;
}

/** Makes the sandbox platforms fail the next call under `path` as the platform would. */
export async function failNextPlatformCall(
  sandboxOrigin: string,
  path: string,
  failure: SandboxFailure | { status: number; body: unknown },
  { delayMs, bodyIncludes, account }: FailNextOptions = {},
) {
  const spec =
    typeof failure === 'string'
      ? { path, failure, delayMs, bodyIncludes, account }
      : { path, ...failure, bodyIncludes, account };
  const res = await fetch(`${sandboxOrigin}/__sandbox/fail-next`, { method: 'POST', body: JSON.stringify(spec) });
  expect(res.status).toBe(204);
}
