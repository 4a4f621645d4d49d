import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../functions/core/integrations/platform-error';
import { threadsClient } from '../../functions/core/integrations/threads-client';
import { CREDS, connected, consent, failNext, useSandboxPlatforms } from '../support/platform-sandbox';

/** The Threads client against the sandbox's Threads login and API subset. */
describe('Threads client', () => {
  const sandbox = useSandboxPlatforms();

  it('exchanges the code for a long-lived token, reads the profile and refreshes with th_refresh_token', async () => {
    const client = threadsClient(sandbox.config());
    const { authorize } = await consent(client, sandbox.origin());
    expect(authorize.pathname).toBe('/threads-www/oauth/authorize');
    expect(authorize.searchParams.has('code_challenge')).toBe(false);
    const tokens = await connected(client, sandbox.origin(), 'Theo Threads');
    expect(Date.parse(tokens.expiresAt!) - Date.now()).toBeGreaterThan(59 * 24 * 3600_000);
    expect((await client.account(tokens)).name).toBe('theo.threads');
    expect(await client.targets(tokens, { id: '1', name: 'x' })).toEqual([]);

    const fresh = await client.refresh!(tokens, CREDS.threads);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect((await client.account(fresh)).name).toBe('theo.threads');
  });

  it('an expired token at refresh, a rate limit and a refused code are sentences', async () => {
    const client = threadsClient(sandbox.config());
    const tokens = await connected(client, sandbox.origin());
    await failNext(sandbox.origin(), { path: '/threads-api/refresh_access_token', failure: 'token-expired' });
    const expired = (await client.refresh!(tokens, CREDS.threads).catch((e: unknown) => e)) as PlatformError;
    expect(expired).toBeInstanceOf(PlatformError);
    expect(expired.message).toBe('Your Threads connection has expired. Reconnect Threads from the apps page.');

    await failNext(sandbox.origin(), { path: '/threads-api/v1.0/me', failure: 'rate-limit' });
    const limited = (await client.account(tokens).catch((e: unknown) => e)) as PlatformError;
    expect(limited.failure).toBe('rate-limited');
    expect(limited.message).toMatch(/^Threads is limiting requests right now\. We will try again in \d+ minutes\.$/);

    const { redirectUri } = await consent(client, sandbox.origin());
    const reused = (await client
      .exchangeCode({ creds: CREDS.threads, redirectUri, code: 'used-or-forged' })
      .catch((e: unknown) => e)) as PlatformError;
    expect(reused.failure).toBe('rejected');
  });
});
