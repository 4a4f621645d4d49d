import { describe, expect, it } from 'vitest';
import { facebookClient } from '../../functions/core/integrations/facebook-client';
import { instagramClient } from '../../functions/core/integrations/instagram-client';
import { PlatformError } from '../../functions/core/integrations/platform-error';
import { API_VERSIONS } from '../../functions/core/platform-config';
import { CREDS, connected, consent, failNext, useSandboxPlatforms } from '../support/platform-sandbox';

const GRAPH = API_VERSIONS.graph.version;

/** Facebook and Instagram clients against the sandbox's Meta login and Graph API subset. */
describe('Meta clients (Facebook, Instagram)', () => {
  const sandbox = useSandboxPlatforms();

  it('Facebook: consent with PKCE, long-lived token, the account and its pages with page tokens', async () => {
    const client = facebookClient(sandbox.config());
    const { authorize } = await consent(client, sandbox.origin());
    expect(authorize.pathname).toBe(`/facebook-www/${GRAPH}/dialog/oauth`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toContain('pages_manage_posts');

    const tokens = await connected(client, sandbox.origin(), 'Fiona Page');
    // The long-lived token lasts about 60 days.
    expect(Date.parse(tokens.expiresAt!) - Date.now()).toBeGreaterThan(59 * 24 * 3600_000);
    const account = await client.account(tokens);
    expect(account.name).toBe('Fiona Page');
    const pages = await client.targets(tokens, account);
    expect(pages.map((p) => p.name)).toEqual(['Sandbox Bakery', 'Sandbox Bikes']);
    expect(pages.every((p) => p.accessToken?.startsWith('EAAB'))).toBe(true);
    expect('refresh' in client).toBe(false);
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const client = facebookClient(sandbox.config());
    const { code, redirectUri } = await consent(client, sandbox.origin());
    const error = await client
      .exchangeCode({ creds: CREDS.facebook, redirectUri, code, codeVerifier: 'not-the-verifier' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).failure).toBe('rejected');
    expect((error as PlatformError).message).toBe('Facebook refused the request. Please connect again.');
  });

  it('Instagram: the business accounts linked to the pages', async () => {
    const client = instagramClient(sandbox.config());
    const tokens = await connected(client, sandbox.origin());
    const accounts = await client.targets(tokens, await client.account(tokens));
    expect(accounts).toEqual([
      { id: '17841400000001', name: 'sandbox.bakery' },
      { id: '17841400000002', name: 'sandbox.bikes' },
    ]);
  });

  it('maps Graph errors to sentences: expired token, rate limit with the wait, outage, permission', async () => {
    const client = facebookClient(sandbox.config());
    const tokens = await connected(client, sandbox.origin());
    const account = await client.account(tokens);
    const fail = async (spec: Record<string, unknown>) => {
      await failNext(sandbox.origin(), { path: `/graph/${GRAPH}/me/accounts`, ...spec });
      return (await client.targets(tokens, account).catch((e: unknown) => e)) as PlatformError;
    };

    const expired = await fail({ failure: 'token-expired' });
    expect(expired.failure).toBe('expired');
    expect(expired.message).toBe('Your Facebook connection has expired. Reconnect Facebook from the apps page.');

    // X-Business-Use-Case-Usage says access returns in 12 minutes.
    const limited = await fail({ failure: 'rate-limit' });
    expect(limited.failure).toBe('rate-limited');
    expect(limited.retryAfterSeconds).toBe(720);
    expect(limited.message).toBe('Facebook is limiting requests right now. We will try again in 12 minutes.');

    const down = await fail({ failure: 'server-error' });
    expect(down.failure).toBe('unavailable');
    expect(down.transient).toBe(true);

    const permission = await fail({
      status: 403,
      body: { error: { message: '(#200) Requires pages_manage_posts permission', type: 'OAuthException', code: 200 } },
    });
    expect(permission.message).toBe(
      'Facebook did not give us the pages_manage_posts permission. Connect again and allow it.',
    );

    // A forged token is a dead one.
    const forged = (await client.account({ accessToken: 'EAABnot-a-token' }).catch((e: unknown) => e)) as PlatformError;
    expect(forged.failure).toBe('expired');
  });

  it('a platform that does not answer in time is "not answering", not a hang', async () => {
    const client = facebookClient(sandbox.config());
    const tokens = await connected(client, sandbox.origin());
    await failNext(sandbox.origin(), { path: `/graph/${GRAPH}/me`, failure: 'timeout', delayMs: 4000 });
    const started = Date.now();
    const error = (await client.account(tokens).catch((e: unknown) => e)) as PlatformError;
    expect(error.failure).toBe('unavailable');
    expect(error.message).toBe('Facebook is not answering right now. Please try again in a few minutes.');
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it('sandbox Instagram containers: image FINISHED, video after polling, ERROR on demand, publish only when FINISHED', async () => {
    const tokens = await connected(instagramClient(sandbox.config()), sandbox.origin());
    const graph = `${sandbox.origin()}/graph/${GRAPH}`;
    const auth = { authorization: `Bearer ${tokens.accessToken}` };
    const post = async (path: string, form: Record<string, string>) => {
      const res = await fetch(`${graph}/${path}`, { method: 'POST', headers: auth, body: new URLSearchParams(form) });
      return { status: res.status, body: (await res.json()) as any };
    };
    const status = async (id: string) =>
      ((await (await fetch(`${graph}/${id}?fields=status_code`, { headers: auth })).json()) as any).status_code;

    const image = await post('17841400000001/media', { image_url: 'https://cdn.example/a.jpg', caption: 'Hi' });
    expect(await status(image.body.id)).toBe('FINISHED');
    const done = await post('17841400000001/media_publish', { creation_id: image.body.id });
    expect(done.body.id).toMatch(/^\d+$/);

    const video = await post('17841400000001/media', { video_url: 'https://cdn.example/a.mp4', media_type: 'REELS' });
    expect(await status(video.body.id)).toBe('IN_PROGRESS');
    expect((await post('17841400000001/media_publish', { creation_id: video.body.id })).body.error.code).toBe(9007);
    expect(await status(video.body.id)).toBe('FINISHED');

    await failNext(sandbox.origin(), { path: `/graph/${GRAPH}/17841400000001/media`, failure: 'container-error' });
    const broken = await post('17841400000001/media', { image_url: 'https://cdn.example/b.jpg' });
    expect(await status(broken.body.id)).toBe('ERROR');
    const refused = await post('17841400000001/media_publish', { creation_id: broken.body.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 9007, error_subcode: 2207027 });

    const limit = (await (
      await fetch(`${graph}/17841400000001/content_publishing_limit`, { headers: auth })
    ).json()) as any;
    expect(limit.data[0]).toMatchObject({ quota_usage: 1, config: { quota_total: 100 } });
  });
});
