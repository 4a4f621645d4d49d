import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { TestClient, linkIn, signedInUser, uniqueEmail, waitForMail } from '../support/api-client';

/**
 * The OAuth 2.0 code flow as a browser walks it: our start URL, the provider's consent page
 * (the loopback sandbox), the approval redirect, our callback.
 */
async function socialSignIn(
  client: TestClient,
  provider: 'google' | 'facebook',
  identity: { email: string; first?: string; last?: string },
  options: { decision?: 'allow' | 'deny'; inviteToken?: string; beforeCallback?: () => Promise<void> } = {},
) {
  const start = await client.get(`/api/auth/oauth/${provider}${options.inviteToken ? `?inviteToken=${options.inviteToken}` : ''}`);
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

const failNext = (path: string, status: number, body: unknown) =>
  fetch(`${inject('runtime').sandboxOrigin}/__sandbox/fail-next`, { method: 'POST', body: JSON.stringify({ path, status, body }) });

describe('social sign-in through the sandbox providers', () => {
  it.each(['google', 'facebook'] as const)('%s: first use creates a verified account with a company, later uses find it', async (provider) => {
    const email = uniqueEmail(`social-${provider}`);
    const client = new TestClient();
    const landed = await socialSignIn(client, provider, { email, first: 'Sam', last: 'Social' });
    expect(landed.pathname).toBe('/');
    expect(client.cookies.has('oauth_state')).toBe(false);
    const profile = await client.get('/api/auth/profile');
    expect(profile.body).toMatchObject({ email, firstName: 'Sam', lastName: 'Social' });
    expect((await client.get('/api/company')).body).toHaveLength(1);

    const again = new TestClient();
    await socialSignIn(again, provider, { email });
    expect((await again.get('/api/auth/profile')).body.id).toBe(profile.body.id);
  });

  it('links to an existing password account with the same email', async () => {
    const existing = await signedInUser('linked');
    const client = new TestClient();
    await socialSignIn(client, 'google', { email: existing.email });
    expect((await client.get('/api/auth/profile')).body.id).toBe(existing.profile.id);
  });

  it('cancelling on the consent page returns to sign-in with a message', async () => {
    const client = new TestClient();
    const landed = await socialSignIn(client, 'facebook', { email: uniqueEmail('deny') }, { decision: 'deny' });
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('message')).toBe('Facebook sign-in was cancelled.');
    expect((await client.get('/api/auth/profile')).status).toBe(401);
  });

  it('a callback without this browser\'s state cookie is refused', async () => {
    const client = new TestClient();
    const landed = await socialSignIn(client, 'google', { email: uniqueEmail('csrf') }, {
      beforeCallback: async () => {
        client.cookies.delete('oauth_state');
      },
    });
    expect(landed.searchParams.get('message')).toMatch(/expired or was already used/);
    expect((await client.get('/api/auth/profile')).status).toBe(401);
  });

  it('provider errors (rate limit, bad code) become a sentence on the sign-in page', async () => {
    const client = new TestClient();
    const busy = await socialSignIn(client, 'facebook', { email: uniqueEmail('busy') }, {
      beforeCallback: async () => {
        await failNext('/facebook/v21.0/oauth/access_token', 400, {
          error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 },
        });
      },
    });
    expect(busy.searchParams.get('message')).toBe('Facebook is busy right now. Please try again in a minute.');

    const bad = await socialSignIn(new TestClient(), 'google', { email: uniqueEmail('badcode') }, {
      beforeCallback: async () => {
        await failNext('/google/token', 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      },
    });
    expect(bad.searchParams.get('message')).toBe('Google sign-in failed. Please try again.');
  });

  it('an unknown provider is a 422, not a redirect', async () => {
    const res = await new TestClient().get('/api/auth/oauth/myspace');
    expect(res.status).toBe(422);
  });

  it('carries an invite token through social sign-in and selects the invited company', async () => {
    const owner = await signedInUser('social-owner');
    const email = uniqueEmail('social-invitee');
    await owner.client.post(`/api/company/${owner.companyId}/invite`, { email });
    const token = linkIn(await waitForMail(email, /invited/)).pathname.split('/').pop()!;
    const client = new TestClient();
    const landed = await socialSignIn(client, 'google', { email }, { inviteToken: token });
    expect(landed.pathname).toBe('/');
    expect(client.cookies.get('COMPANY_ID')).toBe(String(owner.companyId));
  });
});
