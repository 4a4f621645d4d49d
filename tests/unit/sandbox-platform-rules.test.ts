import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedinClient } from '../../functions/core/integrations/linkedin-client';
import { API_VERSIONS } from '../../functions/core/platform-config';
import type { PlatformError } from '../../functions/core/integrations/platform-error';
import { askedScopes } from '../../functions/core/integrations/platform-scopes';
import { pkcePair } from '../../functions/core/integrations/connect-state';
import { SANDBOX_CLIENTS, startOAuthSandbox, type OAuthSandbox } from '../../infra/local/sandbox/oauth-sandbox';
import { attributesListRefusal, graphVersionRefusal } from '../../infra/local/sandbox/platforms/rules';
import { APP_ORIGIN, businessProfileToken, CREDS, connected, useSandboxPlatforms } from '../support/platform-sandbox';

/**
 * The stand-ins refuse what the platforms refuse (infra/local/sandbox/platforms/rules.ts,
 * docs/platforms/*.md): a sunset version, a missing scope, unescaped little text, Google's
 * attributes.list with languageCode beside parent.
 */
describe('the sandbox platforms enforce the documented rules', () => {
  const sandbox = useSandboxPlatforms();

  /** A consent approved with only `scope`, exchanged for the app's tokens (as Meta's and LinkedIn's token endpoints answer). */
  async function tokenWith(app: 'facebook' | 'linkedin', scope: string, name = 'Scope Tester'): Promise<string> {
    const redirectUri = `${APP_ORIGIN}/api/integrations/${app}/callback`;
    const creds = CREDS[app];
    const form = new URLSearchParams({ name, decision: 'allow', client_id: creds.clientId });
    form.set('redirect_uri', redirectUri);
    form.set('state', 's');
    form.set('scope', scope);
    const approve = await fetch(`${sandbox.origin()}/__sandbox/approve/${app}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const code = new URL(approve.headers.get('location')!).searchParams.get('code')!;
    if (app === 'linkedin') {
      const res = await fetch(`${sandbox.origin()}/linkedin-www/oauth/v2/accessToken`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: creds.clientId,
          client_secret: creds.clientSecret,
        }),
      });
      const body = (await res.json()) as { access_token: string; scope: string };
      expect(body.scope).toBe(scope.split(' ').join(','));
      return body.access_token;
    }
    const url = new URL(`${sandbox.origin()}/graph/${API_VERSIONS.graph.version}/oauth/access_token`);
    for (const [k, v] of Object.entries({ client_id: creds.clientId, client_secret: creds.clientSecret, code })) {
      url.searchParams.set(k, v);
    }
    url.searchParams.set('redirect_uri', redirectUri);
    return ((await (await fetch(url)).json()) as { access_token: string }).access_token;
  }

  const rest = (token: string, version: string = API_VERSIONS.linkedin.version) => ({
    authorization: `Bearer ${token}`,
    'linkedin-version': version,
    'x-restli-protocol-version': '2.0.0',
    'content-type': 'application/json',
  });

  it('Graph: an expired or unknown version is refused in Graph’s shape', async () => {
    expect(graphVersionRefusal(API_VERSIONS.graph.version)).toBeUndefined();
    expect(graphVersionRefusal('v21.0', Date.parse('2027-01-21T00:00:00Z'))).toContain('expired on 2027-01-21');
    const res = await fetch(`${sandbox.origin()}/graph/v20.0/me`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: 12,
      message: expect.stringContaining('v20.0 expired on 2026-09-24'),
    });
    expect((await fetch(`${sandbox.origin()}/graph/v99.0/me`)).status).toBe(400);
  });

  it('LinkedIn: a sunset version is refused with 426 NONEXISTENT_VERSION', async () => {
    const client = linkedinClient(sandbox.config());
    const tokens = await connected(client, sandbox.origin());
    const account = await client.account(tokens);
    for (const version of ['202411', '202511']) {
      const old = linkedinClient({ ...sandbox.config(), linkedinVersion: version });
      const error = (await old.targets(tokens, account).catch((e: unknown) => e)) as PlatformError;
      expect(error.detail, version).toContain('426 NONEXISTENT_VERSION');
    }
    expect(await client.targets(tokens, account)).toHaveLength(3);
  });

  it('LinkedIn: unescaped little text is refused; escaped, the post is kept as written', async () => {
    const token = await tokenWith('linkedin', askedScopes('linkedin').join(' '));
    const post = (commentary: string) =>
      fetch(`${sandbox.origin()}/linkedin-api/rest/posts`, {
        method: 'POST',
        headers: rest(token),
        body: JSON.stringify({ author: 'urn:li:organization:4000001', commentary, lifecycleState: 'PUBLISHED' }),
      });
    const refused = await post('Spring menu (from Friday) is here');
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toContain("The character '('");
    const text = `Spring menu (from Friday) ${Date.now()} is here`;
    const made = await post(text.replace(/[()]/g, (c) => `\\${c}`));
    expect(made.status).toBe(201);
    const { posts } = (await (await fetch(`${sandbox.origin()}/__sandbox/posts`)).json()) as {
      posts: { text: string }[];
    };
    expect(posts.some((p) => p.text === text)).toBe(true);
  });

  it('LinkedIn: reading posts back needs r_organization_social for a page', async () => {
    const without = askedScopes('linkedin').filter((s) => s !== 'r_organization_social');
    const token = await tokenWith('linkedin', without.join(' '));
    const url = `${sandbox.origin()}/linkedin-api/rest/posts?q=author&author=${encodeURIComponent('urn:li:organization:4000001')}`;
    const res = await fetch(url, { headers: rest(token) });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'ACCESS_DENIED',
      message: expect.stringContaining('r_organization_social'),
    });
    // The member's own posts need r_member_social, which this token has.
    const member = (await (
      await fetch(`${sandbox.origin()}/linkedin-api/v2/userinfo`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { sub: string };
    const own = await fetch(
      `${sandbox.origin()}/linkedin-api/rest/posts?q=author&author=${encodeURIComponent(`urn:li:person:${member.sub}`)}`,
      { headers: rest(token) },
    );
    expect(own.status).toBe(200);
  });

  it('Meta: /me/permissions lists what the consent granted', async () => {
    const token = await tokenWith('facebook', 'pages_show_list,instagram_basic');
    const res = await fetch(`${sandbox.origin()}/graph/${API_VERSIONS.graph.version}/me/permissions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await res.json()).toEqual({
      data: [
        { permission: 'pages_show_list', status: 'granted' },
        { permission: 'instagram_basic', status: 'granted' },
      ],
    });
  });

  it("a failure asked for one account's calls leaves another account's call to the same path alone", async () => {
    const mine = await tokenWith('facebook', 'pages_show_list', 'Failing Owner');
    const theirs = await tokenWith('facebook', 'pages_show_list', 'Bystander');
    const path = `/graph/${API_VERSIONS.graph.version}/me/permissions`;
    const asked = await fetch(`${sandbox.origin()}/__sandbox/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ path, failure: 'token-expired', account: 'Failing Owner' }),
    });
    expect(asked.status).toBe(204);
    const call = (token: string) =>
      fetch(`${sandbox.origin()}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await call(theirs)).status).toBe(200);
    const failed = await call(mine);
    expect(failed.status).toBe(400);
    expect(((await failed.json()) as { error: { code: number } }).error.code).toBe(190);
    expect((await call(mine)).status).toBe(200);
  });

  /** Asks the sandbox to fail the next call under `spec.path` as the spec says. */
  async function failNext(spec: Record<string, unknown>) {
    const asked = await fetch(`${sandbox.origin()}/__sandbox/fail-next`, {
      method: 'POST',
      body: JSON.stringify(spec),
    });
    expect(asked.status).toBe(204);
  }

  it("a token endpoint's failure for one account is taken by that account's code exchange, not another's", async () => {
    // The token endpoints take no Bearer: the code traded names the account (Meta's in the query, LinkedIn's in a form).
    await failNext({
      path: `/graph/${API_VERSIONS.graph.version}/oauth/access_token`,
      failure: 'rate-limit',
      account: 'Exchange Owner',
    });
    expect(await tokenWith('facebook', 'pages_show_list', 'Exchange Bystander')).toMatch(/^EAAB/);
    expect(await tokenWith('facebook', 'pages_show_list', 'Exchange Owner')).toBeUndefined();
    expect(await tokenWith('facebook', 'pages_show_list', 'Exchange Owner')).toMatch(/^EAAB/);
    await failNext({ path: '/linkedin-www/oauth/v2/accessToken', failure: 'server-error', account: 'Exchange Owner' });
    expect(await tokenWith('linkedin', 'openid profile', 'Exchange Bystander')).toMatch(/^AQV/);
    await expect(tokenWith('linkedin', 'openid profile', 'Exchange Owner')).rejects.toThrow();
    expect(await tokenWith('linkedin', 'openid profile', 'Exchange Owner')).toMatch(/^AQV/);
  });

  it("a container-error asked for one account's containers leaves another account's alone", async () => {
    const graph = `${sandbox.origin()}/graph/${API_VERSIONS.graph.version}`;
    const mine = await tokenWith('facebook', 'instagram_basic,instagram_content_publish', 'Container Owner');
    const theirs = await tokenWith('facebook', 'instagram_basic,instagram_content_publish', 'Container Bystander');
    await failNext({
      path: `/graph/${API_VERSIONS.graph.version}/17841400000001/media`,
      failure: 'container-error',
      account: 'Container Owner',
    });
    const containerStatus = async (token: string) => {
      const authorization = `Bearer ${token}`;
      const made = await fetch(`${graph}/17841400000001/media`, {
        method: 'POST',
        headers: { authorization },
        body: new URLSearchParams({ image_url: 'https://example.com/menu.png' }),
      });
      const { id } = (await made.json()) as { id: string };
      const read = await fetch(`${graph}/${id}?fields=status_code`, { headers: { authorization } });
      return ((await read.json()) as { status_code: string }).status_code;
    };
    expect(await containerStatus(theirs)).toBe('FINISHED');
    expect(await containerStatus(mine)).toBe('ERROR');
    expect(await containerStatus(mine)).toBe('FINISHED');
  });

  it("Google: a failure asked for one Google user's calls leaves another's alone (its tokens are the Google sandbox's)", async () => {
    const mine = await businessProfileToken(sandbox, 'Gail Failing');
    const theirs = await businessProfileToken(sandbox, 'Gus Bystander');
    const path = '/google-business-accounts/v1/accounts';
    await failNext({ path, status: 503, body: {}, account: 'Gail Failing' });
    const call = async (token: string) =>
      (await fetch(`${sandbox.origin()}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await call(theirs)).toBe(200);
    expect(await call(mine)).toBe(503);
    expect(await call(mine)).toBe(200);
  });

  it("Google: attributes.list refuses languageCode beside parent, as Google's client documents", async () => {
    expect(attributesListRefusal(new URLSearchParams({ parent: 'locations/1', languageCode: 'en' }))).toContain(
      'languageCode must not be set',
    );
    expect(attributesListRefusal(new URLSearchParams({ parent: 'locations/1' }))).toBeUndefined();
    const accessToken = await businessProfileToken(sandbox);
    const list = (query: string) =>
      fetch(`${sandbox.origin()}/google-business-information/v1/attributes?${query}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
    const refused = await list('parent=locations/5500000000000000001&languageCode=en');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect((await list('parent=locations/5500000000000000001')).status).toBe(200);
  });
});

describe('the sign-in sandbox', () => {
  let oauth: OAuthSandbox | undefined;
  beforeAll(async () => {
    oauth = await startOAuthSandbox([APP_ORIGIN]);
  });
  afterAll(() => oauth?.stop());

  /** Google's consent approved as `email`, and its code exchanged: the token endpoint's status. */
  async function signInAs(email: string) {
    const origin = oauth!.origin;
    const redirectUri = `${APP_ORIGIN}/api/auth/oauth/google/callback`;
    const pkce = pkcePair();
    const approve = await fetch(`${origin}/google/o/oauth2/v2/approve`, {
      method: 'POST',
      body: new URLSearchParams({
        redirect_uri: redirectUri,
        state: 's',
        code_challenge: pkce.challenge,
        email,
        decision: 'allow',
      }),
      redirect: 'manual',
    });
    const code = new URL(approve.headers.get('location')!).searchParams.get('code')!;
    const { clientId, clientSecret } = SANDBOX_CLIENTS.google;
    const token = await fetch(`${origin}/google/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: clientId,
        client_secret: clientSecret,
        code_verifier: pkce.verifier,
      }),
    });
    return token.status;
  }

  it("a failure asked for one email's code exchange leaves another's sign-in alone", async () => {
    const asked = await fetch(`${oauth!.origin}/__sandbox/fail-next`, {
      method: 'POST',
      body: JSON.stringify({
        path: '/google/token',
        status: 400,
        body: { error: 'invalid_grant' },
        account: 'Owner@Example.com',
      }),
    });
    expect(asked.status).toBe(204);
    expect(await signInAs('bystander@example.com')).toBe(200);
    expect(await signInAs('owner@example.com')).toBe(400);
    expect(await signInAs('owner@example.com')).toBe(200);
  });
});
