import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../functions/core/integrations/platform-error';
import { pkcePair } from '../../functions/core/integrations/connect-state';
import { BUSINESS_SCOPE, googleClient } from '../../functions/core/integrations/google-client';
import { SANDBOX_CLIENTS } from '../../infra/local/sandbox/oauth-sandbox';
import { APP_ORIGIN, failNext, useSandboxPlatforms } from '../support/platform-sandbox';

const creds = SANDBOX_CLIENTS.google;
const redirectUri = `${APP_ORIGIN}/api/business/callback`;

/** The Google client against the sandbox's OAuth (offline access, PKCE), tokeninfo, revoke and Business Profile subset. */
describe('Google client', () => {
  const sandbox = useSandboxPlatforms();

  /** Google's consent approved with every scope asked: the code it sends back. */
  async function consentCode(url: URL): Promise<string> {
    const form = new URLSearchParams({ decision: 'allow', name: 'Gina Google' });
    for (const k of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'access_type']) {
      form.set(k, url.searchParams.get(k) ?? '');
    }
    for (const s of (url.searchParams.get('scope') ?? '').split(' ')) form.append('scope', s);
    const res = await fetch(`${sandbox.origin()}/google-accounts/__approve`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    return new URL(res.headers.get('location')!).searchParams.get('code')!;
  }

  it('exchanges a code with its verifier, refreshes, checks and revokes the grant', async () => {
    const client = googleClient(sandbox.config(), 'google-my-business');
    const pkce = pkcePair();
    const url = new URL(
      client.authorizeUrl({
        creds,
        redirectUri,
        state: 's',
        scope: `openid ${BUSINESS_SCOPE}`,
        codeChallenge: pkce.challenge,
      }),
    );
    // A code is bound to its PKCE challenge: a wrong verifier is refused.
    const stolen = await consentCode(url);
    await expect(
      client.exchangeCode({ creds, redirectUri, code: stolen, codeVerifier: 'wrong' }),
    ).rejects.toMatchObject({ failure: 'expired' });
    const code = await consentCode(url);
    const tokens = await client.exchangeCode({ creds, redirectUri, code, codeVerifier: pkce.verifier });
    expect(tokens.refreshToken).toMatch(/^1\/\//);
    expect(tokens.scope).toContain(BUSINESS_SCOPE);
    expect(Date.parse(tokens.expiresAt!) - Date.now()).toBeGreaterThan(3500_000);
    expect(await client.userinfo(tokens.accessToken)).toMatchObject({ name: 'Gina Google' });
    expect((await client.accounts(tokens.accessToken)).map((a) => a.type)).toEqual(['PERSONAL', 'LOCATION_GROUP']);

    expect(await client.locations(tokens.accessToken, 'accounts/110000000000000000002')).toEqual([
      { id: 'locations/5500000000000000001', title: 'Sandbox Bakery Soho', address: '12 Frith St, W1D 3QF London, GB' },
      // A delivery-only business: Google holds no storefront address for it.
      { id: 'locations/5500000000000000002', title: 'Sandbox Bakery Camden', address: '' },
    ]);
    expect(await client.locations(tokens.accessToken, 'accounts/110000000000000000001')).toEqual([]);
    const foreign = (await client
      .locations(tokens.accessToken, 'accounts/42')
      .catch((e: unknown) => e)) as PlatformError;
    expect(foreign.failure).toBe('permission');

    const fresh = await client.refresh(creds, tokens);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(tokens.refreshToken);
    expect(await client.tokenAlive(fresh.accessToken)).toBe(true);

    // Rate limit and outage, in Google's error shape.
    await failNext(sandbox.origin(), {
      path: '/google-business-accounts/v1/accounts',
      status: 429,
      body: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
    });
    const limited = (await client.accounts(fresh.accessToken).catch((e: unknown) => e)) as PlatformError;
    expect(limited.failure).toBe('rate-limited');
    expect(limited.message).toBe('Google My Business is limiting requests right now. Please try again in a minute.');
    await failNext(sandbox.origin(), { path: '/google-business-accounts/v1/accounts', status: 503, body: {} });
    expect(((await client.accounts(fresh.accessToken).catch((e: unknown) => e)) as PlatformError).failure).toBe(
      'unavailable',
    );

    await client.revoke(tokens.refreshToken!);
    expect(await client.tokenAlive(fresh.accessToken)).toBe(false);
    const gone = (await client.refresh(creds, tokens).catch((e: unknown) => e)) as PlatformError;
    expect(gone.failure).toBe('expired');
    expect(gone.message).toBe(
      'Your Google My Business connection has expired. Reconnect Google My Business from the apps page.',
    );
  });
});
