import { describe, expect, it } from 'vitest';
import { linkedinClient } from '../../functions/core/integrations/linkedin-client';
import { PlatformError } from '../../functions/core/integrations/platform-error';
import { CREDS, connected, consent, failNext, useSandboxPlatforms } from '../support/platform-sandbox';

/** The LinkedIn client against the sandbox's LinkedIn OAuth and REST subset. */
describe('LinkedIn client', () => {
  const sandbox = useSandboxPlatforms();

  it('connects, lists the member and the organisations they administer, and refreshes', async () => {
    const client = linkedinClient(sandbox.config());
    const { authorize } = await consent(client, sandbox.origin());
    expect(authorize.pathname).toBe('/linkedin-www/oauth/v2/authorization');
    expect(authorize.searchParams.get('scope')).toContain('w_organization_social');
    const tokens = await connected(client, sandbox.origin(), 'Lena Linked');
    expect(tokens.refreshToken).toBeDefined();
    expect(Date.parse(tokens.refreshExpiresAt!) - Date.now()).toBeGreaterThan(364 * 24 * 3600_000);
    const account = await client.account(tokens);
    expect(account.name).toBe('Lena Linked');
    expect(await client.targets(tokens, account)).toEqual([
      { id: `urn:li:person:${account.id}`, name: 'Lena Linked' },
      { id: 'urn:li:organization:4000001', name: 'Sandbox Studio' },
      { id: 'urn:li:organization:4000002', name: 'Sandbox Labs' },
    ]);
    const fresh = await client.refresh!(tokens, CREDS.linkedin);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect((await client.account(fresh)).id).toBe(account.id);
  });

  it('maps LinkedIn errors: invalid_grant, expired token, 429 with Retry-After, sunset version, denial', async () => {
    const client = linkedinClient(sandbox.config());
    const tokens = await connected(client, sandbox.origin());
    const account = await client.account(tokens);

    await failNext(sandbox.origin(), { path: '/linkedin-www/oauth/v2/accessToken', failure: 'token-expired' });
    const grant = (await client.refresh!(tokens, CREDS.linkedin).catch((e: unknown) => e)) as PlatformError;
    expect(grant.failure).toBe('expired');
    expect(grant.message).toBe('Your LinkedIn connection has expired. Reconnect LinkedIn from the apps page.');

    await failNext(sandbox.origin(), { path: '/linkedin-api/v2/userinfo', failure: 'token-expired' });
    expect(((await client.account(tokens).catch((e: unknown) => e)) as PlatformError).failure).toBe('expired');

    await failNext(sandbox.origin(), { path: '/linkedin-api/rest/organizationAcls', failure: 'rate-limit' });
    const limited = (await client.targets(tokens, account).catch((e: unknown) => e)) as PlatformError;
    expect(limited.failure).toBe('rate-limited');
    expect(limited.retryAfterSeconds).toBe(120);
    expect(limited.message).toBe('LinkedIn is limiting requests right now. We will try again in 2 minutes.');

    // A sunset API version is configuration to update, answered 426 by LinkedIn.
    const old = linkedinClient({ ...sandbox.config(), linkedinVersion: '202301' });
    const sunset = (await old.targets(tokens, account).catch((e: unknown) => e)) as PlatformError;
    expect(sunset.failure).toBe('rejected');
    expect(sunset.detail).toContain('NONEXISTENT_VERSION');

    const denied = await consent(client, sandbox.origin(), { deny: true });
    expect(denied.error).toBe('user_cancelled_authorize');
  });
});
