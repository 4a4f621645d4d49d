import { describe, expect, it } from 'vitest';
import { PASSWORD, TestClient, linkIn, signedInUser, uniqueEmail, waitForMail } from '../support/api-client';
import { failNext, socialSignIn } from '../support/social-sign-in';

describe('social sign-in through the sandbox providers', () => {
  it.each(['google', 'facebook'] as const)(
    '%s: first use creates a verified account with a company, later uses find it',
    async (provider) => {
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
    },
  );

  it('links to an existing verified password account with the same email, whose password keeps working', async () => {
    const existing = await signedInUser('linked');
    const client = new TestClient();
    await socialSignIn(client, 'google', { email: existing.email });
    expect((await client.get('/api/auth/profile')).body.id).toBe(existing.profile.id);
    expect((await new TestClient().post('/api/auth/login', { email: existing.email, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('a stranger who registered the address first cannot sign in once its owner proves it through a provider', async () => {
    const victim = uniqueEmail('victim');
    const stranger = new TestClient();
    const squat = await stranger.post('/api/auth/register', {
      firstName: 'Mallory',
      lastName: 'Squatter',
      email: victim,
      password: 'strangers password',
      subscribed: true,
      accept_terms: true,
    });
    expect(squat.status).toBe(201);

    const owner = new TestClient();
    const landed = await socialSignIn(owner, 'google', { email: victim, first: 'Victoria', last: 'Owner' });
    expect(landed.pathname).toBe('/');
    const profile = (await owner.get('/api/auth/profile')).body;
    // The account is the owner's now: their names, no newsletter someone else chose.
    expect(profile).toMatchObject({ email: victim, firstName: 'Victoria', lastName: 'Owner', subscribed: false });

    const attempt = await stranger.post('/api/auth/login', { email: victim, password: 'strangers password' });
    expect(attempt.status).toBe(401);
    expect((await owner.get('/api/auth/profile')).status).toBe(200);
  });

  it('a password sign-in to an account that only ever used a provider is refused, whatever the password', async () => {
    const email = uniqueEmail('social-only');
    await socialSignIn(new TestClient(), 'facebook', { email });
    for (const password of ['any password at all', '', 'x'.repeat(8)]) {
      const res = await new TestClient().post('/api/auth/login', { email, password });
      expect(res.status, password).toBe(password ? 401 : 422);
    }
  });

  it('cancelling on the consent page returns to sign-in with a message', async () => {
    const client = new TestClient();
    const landed = await socialSignIn(client, 'facebook', { email: uniqueEmail('deny') }, { decision: 'deny' });
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('message')).toBe('Facebook sign-in was cancelled.');
    expect((await client.get('/api/auth/profile')).status).toBe(401);
  });

  it("a callback without this browser's state cookie is refused", async () => {
    const client = new TestClient();
    const landed = await socialSignIn(
      client,
      'google',
      { email: uniqueEmail('csrf') },
      {
        beforeCallback: async () => {
          client.cookies.delete('oauth_state');
        },
      },
    );
    expect(landed.searchParams.get('message')).toMatch(/expired or was already used/);
    expect((await client.get('/api/auth/profile')).status).toBe(401);
  });

  it('provider errors (rate limit, bad code) become a sentence on the sign-in page', async () => {
    const client = new TestClient();
    const busy = await socialSignIn(
      client,
      'facebook',
      { email: uniqueEmail('busy') },
      {
        beforeCallback: async () => {
          await failNext('/facebook/v21.0/oauth/access_token', 400, {
            error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 },
          });
        },
      },
    );
    expect(busy.searchParams.get('message')).toBe('Facebook is busy right now. Please try again in a minute.');

    const bad = await socialSignIn(
      new TestClient(),
      'google',
      { email: uniqueEmail('badcode') },
      {
        beforeCallback: async () => {
          await failNext('/google/token', 400, { error: 'invalid_grant', error_description: 'Bad Request' });
        },
      },
    );
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
    const token = linkIn(await waitForMail(email, /invited/))
      .pathname.split('/')
      .pop()!;
    const client = new TestClient();
    const landed = await socialSignIn(client, 'google', { email }, { inviteToken: token });
    expect(landed.pathname).toBe('/');
    expect(client.cookies.get('COMPANY_ID')).toBe(String(owner.companyId));
  });

  it('an invite that fails during social sign-in still signs in, and the app is told why', async () => {
    const client = new TestClient();
    const landed = await socialSignIn(
      client,
      'google',
      { email: uniqueEmail('bad-invite') },
      { inviteToken: 'no-such-invite' },
    );
    expect(landed.pathname).toBe('/');
    expect(landed.searchParams.get('inviteError')).toBe('This invite is invalid or has expired.');
    expect((await client.get('/api/auth/profile')).status).toBe(200);
  });
});
