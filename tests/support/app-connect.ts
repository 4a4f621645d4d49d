import { expect } from 'vitest';
import type { TestClient } from './api-client';

/** The embedded runtime's sandbox platforms server, read off a social connect answer. */
export async function platformSandboxOrigin(client: TestClient): Promise<string> {
  const start = await client.get<{ url: string }>('/api/integrations/linkedin/connect');
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  return new URL(start.body.url).origin;
}

export interface AppConnectOptions {
  decision?: 'allow' | 'deny';
  name?: string;
  inviteToken?: string;
  /** Runs between the remote's approval and our callback (a switched company, a lost cookie). */
  beforeCallback?: (callback: URL) => Promise<void>;
  callbackClient?: TestClient;
  /** Google: the scopes left ticked on the consent page (default: all asked). */
  scopes?: (asked: string[]) => string[];
}

async function follow(client: TestClient, location: string, options: AppConnectOptions) {
  const callback = new URL(location);
  await options.beforeCallback?.(callback);
  const done = await (options.callbackClient ?? client).get(callback.pathname + callback.search);
  expect(done.status, JSON.stringify(done.body)).toBe(302);
  return { landed: new URL(done.headers.get('location')!), callback };
}

/**
 * WordPress's connect as a browser walks it: our connect answer, the site's
 * authorize-application page, its approval redirect, our callback.
 */
export async function connectWordPress(
  client: TestClient,
  website: string,
  options: AppConnectOptions & { userLogin?: string } = {},
) {
  const start = await client.post<{ url: string }>('/api/integrations/wordpress/connect', {
    website,
    ...(options.inviteToken ? { inviteToken: options.inviteToken } : {}),
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const authorize = new URL(start.body.url);
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Authorize Application');
  const form = new URLSearchParams({
    action: options.decision === 'deny' ? 'reject' : 'approve',
    user_login: options.userLogin ?? 'admin',
  });
  for (const field of ['app_name', 'app_id', 'success_url', 'reject_url']) {
    form.set(field, authorize.searchParams.get(field) ?? '');
  }
  const approve = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(approve.status).toBe(302);
  return { authorize, ...(await follow(client, approve.headers.get('location')!, options)) };
}

/** Google's consent for the Google profile (`/api/integrations/google/connect`) or My Business (`/api/business/connect`). */
export async function connectGoogle(client: TestClient, connectPath: string, options: AppConnectOptions = {}) {
  const query = options.inviteToken ? `?inviteToken=${encodeURIComponent(options.inviteToken)}` : '';
  const start = await client.get<{ url: string }>(`${connectPath}${query}`);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const consent = new URL(start.body.url);
  expect(consent.searchParams.get('access_type')).toBe('offline');
  expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
  const page = await fetch(consent);
  expect(page.status).toBe(200);
  const asked = (consent.searchParams.get('scope') ?? '').split(' ');
  const form = new URLSearchParams({ name: options.name ?? 'Sandy Box', decision: options.decision ?? 'allow' });
  for (const field of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'access_type']) {
    form.set(field, consent.searchParams.get(field) ?? '');
  }
  for (const scope of options.scopes ? options.scopes(asked) : asked) form.append('scope', scope);
  const approve = await fetch(`${consent.origin}/google-accounts/__approve`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(approve.status).toBe(302);
  return { consent, ...(await follow(client, approve.headers.get('location')!, options)) };
}
