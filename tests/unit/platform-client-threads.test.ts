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

  it('sandbox Threads containers: text publishes, ERROR on demand with its message, 500-byte limit', async () => {
    const client = threadsClient(sandbox.config());
    const tokens = await connected(client, sandbox.origin());
    const me = await client.account(tokens);
    const api = `${sandbox.origin()}/threads-api/v1.0`;
    const auth = { authorization: `Bearer ${tokens.accessToken}` };
    const post = async (path: string, form: Record<string, string>) => {
      const res = await fetch(`${api}/${path}`, { method: 'POST', headers: auth, body: new URLSearchParams(form) });
      return { status: res.status, body: (await res.json()) as any };
    };
    const text = await post(`${me.id}/threads`, { media_type: 'TEXT', text: 'Hello' });
    const done = await post(`${me.id}/threads_publish`, { creation_id: text.body.id });
    expect(done.body.id).toMatch(/^\d+$/);
    // Emoji count as their UTF-8 bytes: 126 four-byte emoji are over 500.
    expect((await post(`${me.id}/threads`, { text: '😀'.repeat(126) })).status).toBe(400);

    await failNext(sandbox.origin(), { path: `/threads-api/v1.0/${me.id}/threads`, failure: 'container-error' });
    const broken = await post(`${me.id}/threads`, { media_type: 'IMAGE', image_url: 'https://cdn.example/a.jpg' });
    const status = (await (
      await fetch(`${api}/${broken.body.id}?fields=status,error_message`, { headers: auth })
    ).json()) as any;
    expect(status).toMatchObject({ status: 'ERROR', error_message: 'FAILED_PROCESSING_IMAGE' });
    expect((await post(`${me.id}/threads_publish`, { creation_id: broken.body.id })).status).toBe(400);
  });
});
