import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { SANDBOX_CLIENTS } from '../../infra/local/sandbox/oauth-sandbox';
import { PASSWORD, TestClient, linkIn, signedInUser, uniqueEmail, waitForMail } from '../support/api-client';
import { failNext, socialSignIn, socialSignInTrip } from '../support/social-sign-in';
import { API_VERSIONS } from '../../functions/core/platform-config';

/** The Graph version the clients speak (one table of versions and sunsets). */
const GRAPH = API_VERSIONS.graph.version;

describe('social sign-in through the sandbox providers', () => {
  it.each(['google', 'facebook'] as const)(
    '%s: first use creates an account with a company, later uses find it',
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
    // Other files sign in through the same token endpoints meanwhile: each failure is for this test's email only.
    const client = new TestClient();
    const busyEmail = uniqueEmail('busy');
    const busy = await socialSignIn(
      client,
      'facebook',
      { email: busyEmail },
      {
        beforeCallback: async () => {
          await failNext(
            `/facebook/${GRAPH}/oauth/access_token`,
            400,
            { error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } },
            busyEmail,
          );
        },
      },
    );
    expect(busy.searchParams.get('message')).toBe('Facebook is busy right now. Please try again in a minute.');

    const badEmail = uniqueEmail('badcode');
    const bad = await socialSignIn(
      new TestClient(),
      'google',
      { email: badEmail },
      {
        beforeCallback: async () => {
          await failNext('/google/token', 400, { error: 'invalid_grant', error_description: 'Bad Request' }, badEmail);
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

describe('social sign-in: PKCE, nonce, prompt and whose email links', () => {
  const facebookExists =
    'An account with this email address already exists, and Facebook does not tell us it confirmed the address. ' +
    'Sign in with your email and password, or with Google, instead.';

  it('sends PKCE (S256) to both providers and a nonce to Google, and a prompt only when asked to choose an account', async () => {
    const google = await socialSignInTrip(new TestClient(), 'google', { email: uniqueEmail('pkce-g') });
    expect(google.landed.pathname).toBe('/');
    expect(google.authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(google.authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(google.authorize.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(google.authorize.searchParams.has('prompt')).toBe(false);

    const facebook = await socialSignInTrip(new TestClient(), 'facebook', { email: uniqueEmail('pkce-f') });
    expect(facebook.landed.pathname).toBe('/');
    expect(facebook.authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(facebook.authorize.searchParams.has('nonce')).toBe(false);

    const chooser = await socialSignInTrip(
      new TestClient(),
      'google',
      { email: uniqueEmail('chooser') },
      { chooseAccount: true },
    );
    expect(chooser.authorize.searchParams.get('prompt')).toBe('select_account');
    expect(chooser.landed.pathname).toBe('/');
    // Facebook has no account chooser: nothing is sent it would refuse.
    const start = await new TestClient().get('/api/auth/oauth/facebook?prompt=select_account');
    expect(new URL(start.headers.get('location')!).searchParams.has('prompt')).toBe(false);
  });

  it('the sandbox demands PKCE, as a provider configured to require it does', async () => {
    const start = await new TestClient().get('/api/auth/oauth/google');
    const authorize = new URL(start.headers.get('location')!);
    authorize.searchParams.delete('code_challenge');
    const page = await fetch(authorize);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('code_challenge');
  });

  it('a nonce changed on the way to Google is refused when its ID token comes back', async () => {
    const client = new TestClient();
    const { landed } = await socialSignInTrip(
      client,
      'google',
      { email: uniqueEmail('nonce') },
      { alterAuthorize: (url) => url.searchParams.set('nonce', 'not-the-nonce-we-sent') },
    );
    expect(landed.pathname).toBe('/auth');
    expect(landed.searchParams.get('message')).toBe('Google sign-in could not be checked. Please try again.');
    expect((await client.get('/api/auth/profile')).status).toBe(401);
  });

  it('an ID token signed with a key Google does not publish is refused, whatever it claims', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    let nonce = '';
    const client = new TestClient();
    const email = uniqueEmail('forged');
    const { landed } = await socialSignInTrip(
      client,
      'google',
      { email },
      {
        alterAuthorize: (url) => {
          nonce = url.searchParams.get('nonce')!;
        },
        beforeCallback: async () => {
          const forged = await new SignJWT({ nonce, email: 'someone@example.com', email_verified: true })
            .setProtectedHeader({ alg: 'RS256', kid: 'not-googles' })
            .setIssuer(`${inject('runtime').sandboxOrigin}/google`)
            .setAudience(SANDBOX_CLIENTS.google.clientId)
            .setSubject('123')
            .setIssuedAt()
            .setExpirationTime('10m')
            .sign(privateKey);
          await failNext(
            '/google/token',
            200,
            { access_token: 'ya29.forged', token_type: 'Bearer', id_token: forged },
            email,
          );
        },
      },
    );
    expect(landed.searchParams.get('message')).toBe('Google sign-in could not be checked. Please try again.');
    expect((await client.get('/api/auth/profile')).status).toBe(401);
  });

  it('a replayed callback and an altered state are refused', async () => {
    const client = new TestClient();
    const { landed, callback } = await socialSignInTrip(client, 'google', { email: uniqueEmail('replay') });
    expect(landed.pathname).toBe('/');
    const replayer = new TestClient();
    replayer.cookies.set('oauth_state', callback.searchParams.get('state')!);
    const replay = new URL((await replayer.get(callback.pathname + callback.search)).headers.get('location')!);
    expect(replay.searchParams.get('message')).toMatch(/expired or was already used/);
    expect((await replayer.get('/api/auth/profile')).status).toBe(401);

    const altered = new TestClient();
    const trip = await socialSignInTrip(
      altered,
      'facebook',
      { email: uniqueEmail('altered') },
      {
        beforeCallback: async () => {
          const forged = 'g'.repeat(43);
          altered.cookies.set('oauth_state', forged);
        },
      },
    );
    expect(trip.landed.searchParams.get('message')).toMatch(/expired or was already used/);
  });

  it('a Facebook email never reaches an existing account: the user is told to sign in as before, and nothing is linked', async () => {
    const existing = await signedInUser('fb-existing');
    for (let attempt = 0; attempt < 2; attempt++) {
      const client = new TestClient();
      const landed = await socialSignIn(client, 'facebook', { email: existing.email });
      expect(landed.pathname).toBe('/auth');
      expect(landed.searchParams.get('message')).toBe(facebookExists);
      expect((await client.get('/api/auth/profile')).status).toBe(401);
    }
    // The password account is as it was; Google, which confirms the address, links to it.
    expect((await new TestClient().post('/api/auth/login', { email: existing.email, password: PASSWORD })).status).toBe(
      200,
    );
    const google = new TestClient();
    await socialSignIn(google, 'google', { email: existing.email });
    expect((await google.get('/api/auth/profile')).body.id).toBe(existing.profile.id);

    // Nor an unverified account someone registered: only a provider that confirms the address claims one.
    const squatted = uniqueEmail('fb-squat');
    const squat = await new TestClient().post('/api/auth/register', {
      firstName: 'Mallory',
      lastName: 'Squatter',
      email: squatted,
      password: 'strangers password',
      subscribed: true,
      accept_terms: true,
    });
    expect(squat.status).toBe(201);
    expect((await socialSignIn(new TestClient(), 'facebook', { email: squatted })).searchParams.get('message')).toBe(
      facebookExists,
    );
  });

  it('an account made from a Facebook email is Facebook’s until someone proves the address, then the prover’s alone', async () => {
    const email = uniqueEmail('fb-made');
    const first = new TestClient();
    await socialSignIn(first, 'facebook', { email, first: 'Fay', last: 'Book' });
    const made = (await first.get('/api/auth/profile')).body;
    const again = new TestClient();
    await socialSignIn(again, 'facebook', { email });
    expect((await again.get('/api/auth/profile')).body.id).toBe(made.id);

    // The address's owner proves it through Google: the account is theirs, Facebook's sessions end.
    const owner = new TestClient();
    await socialSignIn(owner, 'google', { email, first: 'Owen', last: 'Owner' });
    expect((await owner.get('/api/auth/profile')).body).toMatchObject({ id: made.id, firstName: 'Owen' });
    expect((await first.get('/api/auth/profile')).status).toBe(401);
    // And the Facebook identity, which never proved the address, no longer signs in to it.
    const late = new TestClient();
    const landed = await socialSignIn(late, 'facebook', { email });
    expect(landed.searchParams.get('message')).toBe(facebookExists);
    expect((await late.get('/api/auth/profile')).status).toBe(401);
  });
});
