import { join } from 'node:path';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { table, tableName } from '../../functions/core/table/client';
import { keys } from '../../functions/core/table/keys';
import { fileTokenCrypto } from '../../functions/core/integrations/token-crypto';
import { tableScheduler } from '../../functions/core/scheduler/scheduler-port';
import { REFRESH_LEAD_MS, refreshScheduleName } from '../../functions/core/integrations/refresh-schedule';
import { updateConnection } from '../../functions/core/integrations/connection-store';
import { API_VERSIONS } from '../../functions/core/platform-config';
import { askedScopes, scopeSentences } from '../../functions/core/integrations/platform-scopes';
import { TestClient, linkIn, signedInUser, waitForMail } from '../support/api-client';
import { connectPlatform, failNextPlatformCall, type SocialPlatform } from '../support/platform-connect';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

const STATE_REFUSED = 'This connect link expired or was not started here. Please press Connect again.';
const GRAPH = `/graph/${API_VERSIONS.graph.version}`;

/**
 * The connect flow with the consent granting only some of what was asked, as Meta's dialog lets a
 * user decline a permission: where the callback sent the browser.
 */
async function connectGranting(client: TestClient, platform: SocialPlatform, grant: (asked: string[]) => string[]) {
  const start = await client.get<{ url: string }>(`/api/integrations/${platform}/connect`);
  const consent = new URL(start.body.url);
  const form = new URLSearchParams({ name: 'Sandy Box', decision: 'allow' });
  for (const field of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method']) {
    form.set(field, consent.searchParams.get(field) ?? '');
  }
  const separator = platform === 'linkedin' ? ' ' : ',';
  form.set('scope', grant((consent.searchParams.get('scope') ?? '').split(separator)).join(separator));
  const app = platform === 'instagram' ? 'facebook' : platform;
  const approve = await fetch(`${consent.origin}/__sandbox/approve/${app}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const callback = new URL(approve.headers.get('location')!);
  const done = await client.get(callback.pathname + callback.search);
  return new URL(done.headers.get('location')!);
}

beforeAll(() => {
  useSuiteRuntimeEnv();
});

const rawItem = async (companyId: number, platform: SocialPlatform) =>
  (await table().send(new GetCommand({ TableName: tableName(), Key: keys.integration(companyId, platform) }))).Item;

/** Waits until the status answer satisfies `done` (the scheduler loop and workflow run in the runtime). */
async function statusUntil(client: TestClient, platform: SocialPlatform, done: (body: any) => boolean) {
  let last: any;
  for (let i = 0; i < 100; i++) {
    last = (await client.get(`/api/integrations/${platform}/status`)).body;
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`status never matched: ${JSON.stringify(last)}`);
}

/** Makes the connection's refresh schedule due now, with the input it was stored with. */
async function fireRefreshNow(companyId: number, platform: SocialPlatform) {
  const name = refreshScheduleName(companyId, platform);
  const item = (await table().send(new GetCommand({ TableName: tableName(), Key: keys.schedule(name) }))).Item;
  expect(item, 'refresh schedule').toBeDefined();
  expect(Date.parse(item!.at as string)).toBeGreaterThan(Date.now());
  await tableScheduler.upsert({ name, at: new Date(Date.now() - 1000), workflow: 'run-job', input: item!.input });
}

/** Waits until the connection's refresh schedule is due at a time `done` accepts; answers that time. */
async function scheduledUntil(companyId: number, platform: SocialPlatform, done: (at: number) => boolean) {
  const name = refreshScheduleName(companyId, platform);
  let at = NaN;
  for (let i = 0; i < 150; i++) {
    const item = (await table().send(new GetCommand({ TableName: tableName(), Key: keys.schedule(name) }))).Item;
    at = item ? Date.parse(item.at as string) : NaN;
    if (done(at)) return at;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the ${platform} refresh schedule never matched (last: ${new Date(at).toISOString()})`);
}

describe('connecting platforms through the sandbox', () => {
  it('connects each platform, lists and chooses its pages or profiles, and disconnects', async () => {
    const { client } = await signedInUser('apps');
    for (const platform of ['facebook', 'instagram', 'threads', 'linkedin'] as const) {
      expect((await client.get(`/api/integrations/${platform}/status`)).body).toEqual({ connected: false });
      const { landed } = await connectPlatform(client, platform, { name: 'Sandy Box' });
      // Threads posts as the account; the sandbox account offers several pages and profiles on the others.
      const outcome = platform === 'threads' ? 'connected' : 'choose';
      expect(`${landed.pathname}${landed.search}`).toBe(`/settings/apps?${outcome}=${platform}`);
      expect(client.cookies.has('integration_state')).toBe(false);
      expect((await client.get(`/api/integrations/${platform}/status`)).body.connected).toBe(true);
    }
    // Threads posts as the account itself.
    expect((await client.get('/api/integrations/threads/status')).body.profile).toMatchObject({ name: 'sandy.box' });

    const pages = await client.get('/api/integrations/facebook/profiles');
    expect(pages.body).toEqual([
      { id: '2000001', name: 'Sandbox Bakery' },
      { id: '2000002', name: 'Sandbox Bikes' },
    ]);
    expect((await client.post('/api/integrations/facebook/profile', { id: '2000002' })).body).toEqual({
      connected: true,
      profile: { id: '2000002', name: 'Sandbox Bikes' },
    });
    expect((await client.get('/api/integrations/instagram/profiles')).body.map((p: any) => p.name)).toEqual([
      'sandbox.bakery',
      'sandbox.bikes',
    ]);
    const linkedin = (await client.get('/api/integrations/linkedin/profiles')).body;
    expect(linkedin.map((p: any) => p.name)).toEqual(['Sandy Box', 'Sandbox Studio', 'Sandbox Labs']);
    expect(linkedin[1].id).toBe('urn:li:organization:4000001');
    expect((await client.post('/api/integrations/linkedin/profile', { id: linkedin[1].id })).body.profile.name).toBe(
      'Sandbox Studio',
    );

    expect((await client.post('/api/integrations/facebook/disconnect')).body).toEqual({ connected: false });
    expect((await client.get('/api/integrations/facebook/status')).body).toEqual({ connected: false });
    expect((await client.get('/api/integrations/linkedin/status')).body.connected).toBe(true);
  });

  it('keeps tokens encrypted in the table, bound to the company and platform', async () => {
    const { client, companyId } = await signedInUser('sealed');
    await connectPlatform(client, 'linkedin');
    const item = await rawItem(companyId, 'linkedin');
    expect(item).toBeDefined();
    expect(item!.secrets).toMatch(/^gcm:/);
    const crypto = fileTokenCrypto(join(inject('runtime').dataDir, 'platform-token.key'));
    const secrets = JSON.parse(
      await crypto.decrypt(item!.secrets as string, { companyId: String(companyId), platform: 'linkedin' }),
    );
    expect(secrets.user.accessToken).toMatch(/^AQV/);
    expect(secrets.user.refreshToken).toMatch(/^AQX/);
    const raw = JSON.stringify(item);
    expect(raw).not.toContain(secrets.user.accessToken);
    expect(raw).not.toContain(secrets.user.refreshToken);
    // Copied into another company's or platform's item, the ciphertext does not open.
    await expect(
      crypto.decrypt(item!.secrets as string, { companyId: String(companyId + 1), platform: 'linkedin' }),
    ).rejects.toThrow();
    await expect(
      crypto.decrypt(item!.secrets as string, { companyId: String(companyId), platform: 'threads' }),
    ).rejects.toThrow();
    // Never in an answer either.
    for (const path of ['status', 'profiles']) {
      const answer = JSON.stringify((await client.get(`/api/integrations/linkedin/${path}`)).body);
      expect(answer).not.toContain(secrets.user.accessToken);
    }
  });

  it('refreshes LinkedIn and Threads on schedule; a refresh that fails for good marks the connection', async () => {
    const { client, companyId } = await signedInUser('refresh');
    // Accounts of this test's own, the only ones its failures are for: the sandbox is shared with other files.
    const name = 'Rhys Refresh';
    const { sandboxOrigin } = await connectPlatform(client, 'linkedin', { name });
    await connectPlatform(client, 'threads', { name });
    const before = (await rawItem(companyId, 'linkedin'))!.secrets;

    // A refresh that works: new tokens, still connected, a new schedule.
    await fireRefreshNow(companyId, 'linkedin');
    for (let i = 0; i < 100 && (await rawItem(companyId, 'linkedin'))!.secrets === before; i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await rawItem(companyId, 'linkedin'))!.refreshedAt).toBeDefined();
    // The job armed the next refresh itself, for the new tokens, before anything read the
    // connection: a company nobody opens the app for keeps its connection.
    const next = await scheduledUntil(companyId, 'linkedin', (at) => at > Date.now() + 24 * 3600_000);
    let refreshed = (await rawItem(companyId, 'linkedin'))!;
    // The item records what was armed just after the schedule is written.
    for (let i = 0; i < 50 && !refreshed.refreshArmedFor; i++) {
      await new Promise((r) => setTimeout(r, 100));
      refreshed = (await rawItem(companyId, 'linkedin'))!;
    }
    expect(next).toBe(Date.parse(refreshed.expiresAt as string) - REFRESH_LEAD_MS);
    expect(refreshed.refreshArmedFor).toBe(new Date(next).toISOString());
    expect((await client.get('/api/integrations/linkedin/status')).body.connected).toBe(true);

    // The refresh token has expired: LinkedIn answers invalid_grant.
    await failNextPlatformCall(sandboxOrigin, '/linkedin-www/oauth/v2/accessToken', 'token-expired', {
      bodyIncludes: 'grant_type=refresh_token',
      account: name,
    });
    await fireRefreshNow(companyId, 'linkedin');
    const status = await statusUntil(client, 'linkedin', (s) => s.reconnect === true);
    expect(status).toMatchObject({
      connected: false,
      reconnect: true,
      message: 'Your LinkedIn connection has expired. Reconnect LinkedIn from the apps page.',
    });
    // Reconnecting mends it.
    await connectPlatform(client, 'linkedin', { name });
    expect((await client.get('/api/integrations/linkedin/status')).body).toMatchObject({ connected: true });

    // Threads: th_refresh_token answers code 190.
    await failNextPlatformCall(sandboxOrigin, '/threads-api/refresh_access_token', 'token-expired', { account: name });
    await fireRefreshNow(companyId, 'threads');
    expect(await statusUntil(client, 'threads', (s) => s.reconnect === true)).toMatchObject({
      message: 'Your Threads connection has expired. Reconnect Threads from the apps page.',
    });
  });

  it('a refresh during an outage arms a later try at once, and the retry that works arms the next refresh', async () => {
    const { client, companyId } = await signedInUser('refresh-outage');
    const name = 'Otto Outage';
    const { sandboxOrigin } = await connectPlatform(client, 'threads', { name });
    // The token is inside its refresh window, as when its schedule fires for real.
    await updateConnection(companyId, 'threads', {
      expiresAt: new Date(Date.now() + REFRESH_LEAD_MS - 3600_000).toISOString(),
    });
    const before = (await rawItem(companyId, 'threads'))!.secrets;
    await failNextPlatformCall(sandboxOrigin, '/threads-api/refresh_access_token', 'server-error', { account: name });
    await fireRefreshNow(companyId, 'threads');
    // Should the workflow's own retries run out, a try an hour on is already armed.
    const hour = (at: number) => at > Date.now() + 50 * 60_000 && at < Date.now() + 61 * 60_000;
    expect(hour(await scheduledUntil(companyId, 'threads', hour))).toBe(true);
    // (The workflow's retry comes a twentieth of a second later in the test runtime, so the
    // tokens may already be new here: the old ones are compared only once it has run.)
    // The workflow's retry works: new tokens, and the hour's try gives way to the next refresh.
    const next = await scheduledUntil(companyId, 'threads', (at) => at > Date.now() + 24 * 3600_000);
    const refreshed = (await rawItem(companyId, 'threads'))!;
    expect(refreshed.secrets).not.toBe(before);
    expect(next).toBe(Date.parse(refreshed.expiresAt as string) - REFRESH_LEAD_MS);
    expect((await client.get('/api/integrations/threads/status')).body.connected).toBe(true);
  });

  it('a Meta token (no refresh grant) past its expiry is marked when its schedule fires', async () => {
    const { client, companyId } = await signedInUser('meta-expiry');
    await connectPlatform(client, 'instagram');
    await updateConnection(companyId, 'instagram', {
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    await fireRefreshNow(companyId, 'instagram');
    // Wait for the scheduler loop to take the schedule before reading (a read re-arms a moved target).
    const name = refreshScheduleName(companyId, 'instagram');
    for (let i = 0; i < 50; i++) {
      const item = await table().send(new GetCommand({ TableName: tableName(), Key: keys.schedule(name) }));
      if (!item.Item) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await statusUntil(client, 'instagram', (s) => s.reconnect === true)).toEqual({
      connected: false,
      reconnect: true,
      message: 'Your Instagram connection has expired. Reconnect Instagram from the apps page.',
    });
  });

  it('a token the platform reports expired while listing pages marks the connection', async () => {
    const { client } = await signedInUser('expired-read');
    // Every Facebook connect lists /me/accounts: the failure is for this test's account only.
    const name = 'Edda Expired';
    const { sandboxOrigin } = await connectPlatform(client, 'facebook', { name });
    await failNextPlatformCall(sandboxOrigin, `${GRAPH}/me/accounts`, 'token-expired', { account: name });
    const res = await client.get('/api/integrations/facebook/profiles');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: 'Your Facebook connection has expired. Reconnect Facebook from the apps page.',
      code: 'PLATFORM_RECONNECT',
    });
    expect((await client.get('/api/integrations/facebook/status')).body).toMatchObject({ reconnect: true });
  });

  it('platform failures during connect come back to the apps tab as sentences', async () => {
    const { client } = await signedInUser('connect-errors');
    // Other files connect through the same token endpoint and userinfo meanwhile: the failures are
    // for this test's account (at the token endpoint, the account its code was approved for).
    const name = 'Cora Connect';
    const { sandboxOrigin } = await connectPlatform(client, 'threads', { name });
    await failNextPlatformCall(sandboxOrigin, `${GRAPH}/oauth/access_token`, 'rate-limit', { account: name });
    const limited = await connectPlatform(client, 'facebook', { name });
    expect(limited.landed.searchParams.get('error')).toBe(
      'Facebook is limiting requests right now. We will try again in 12 minutes.',
    );
    await failNextPlatformCall(sandboxOrigin, '/linkedin-api/v2/userinfo', 'server-error', { account: name });
    const down = await connectPlatform(client, 'linkedin', { name });
    expect(down.landed.searchParams.get('error')).toBe(
      'LinkedIn is not answering right now. Please try again in a few minutes.',
    );
    const denied = await connectPlatform(client, 'instagram', { decision: 'deny' });
    expect(denied.landed.searchParams.get('error')).toBe('Connecting Instagram was cancelled.');
    for (const platform of ['facebook', 'linkedin', 'instagram']) {
      expect((await client.get(`/api/integrations/${platform}/status`)).body.connected).toBe(false);
    }
  });
});

describe('the permissions a connection was granted', () => {
  const firstComments = scopeSentences.missing('instagram', 'first comments', 'instagram_manage_comments');

  it('asks for the comment and read-back scopes, and records what was granted', async () => {
    const { client, companyId } = await signedInUser('scopes-granted');
    const { consent } = await connectPlatform(client, 'facebook');
    expect(consent.searchParams.get('scope')?.split(',')).toEqual(
      expect.arrayContaining(['pages_manage_engagement', 'pages_read_user_engagement']),
    );
    expect((await rawItem(companyId, 'facebook'))!.scopes).toEqual(askedScopes('facebook'));
    const linkedin = await connectPlatform(client, 'linkedin');
    expect(linkedin.consent.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['r_organization_social', 'r_member_social']),
    );
    expect((await rawItem(companyId, 'linkedin'))!.scopes).toEqual(askedScopes('linkedin'));
  });

  it('a consent that declined the comment scope is kept to reconnect, with the sentence naming first comments', async () => {
    const { client } = await signedInUser('scopes-declined');
    const landed = await connectGranting(client, 'instagram', (asked) =>
      asked.filter((s) => s !== 'instagram_manage_comments'),
    );
    expect(landed.searchParams.get('error')).toBe(firstComments);
    expect((await client.get('/api/integrations/instagram/status')).body).toEqual({
      connected: false,
      reconnect: true,
      message: firstComments,
    });
    // Reconnecting with every permission mends it.
    await connectPlatform(client, 'instagram');
    expect((await client.get('/api/integrations/instagram/status')).body.connected).toBe(true);
  });

  it('a connection made before the comment scope was asked is marked to reconnect when read', async () => {
    const { client, companyId } = await signedInUser('scopes-before');
    await connectPlatform(client, 'instagram');
    await connectPlatform(client, 'threads');
    // As stored before granted scopes were recorded.
    for (const platform of ['instagram', 'threads'] as const) {
      await table().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.integration(companyId, platform),
          UpdateExpression: 'REMOVE scopes',
        }),
      );
    }
    expect((await client.get('/api/integrations/instagram/status')).body).toEqual({
      connected: false,
      reconnect: true,
      message: firstComments,
    });
    expect((await rawItem(companyId, 'instagram'))!).toMatchObject({ status: 'reconnect', message: firstComments });
    // Threads asked then what it asks now.
    expect((await client.get('/api/integrations/threads/status')).body.connected).toBe(true);
  });

  it('LinkedIn: a page needs its read scope once chosen, named in the sentence', async () => {
    const { client } = await signedInUser('scopes-linkedin');
    // Three profiles: none is chosen at connect, so only what every profile needs is checked.
    const landed = await connectGranting(client, 'linkedin', (asked) =>
      asked.filter((s) => s !== 'r_organization_social'),
    );
    expect(landed.searchParams.get('choose')).toBe('linkedin');
    const chosen = await client.post('/api/integrations/linkedin/profile', { id: 'urn:li:organization:4000001' });
    expect(chosen.body).toMatchObject({
      connected: false,
      reconnect: true,
      message: scopeSentences.missing(
        'linkedin',
        'checking LinkedIn for a post or comment before sending it again',
        'r_organization_social',
      ),
    });
  });
});

describe('the connect state', () => {
  it('refuses a callback in another browser, for another user, or after the company changed; and a replay', async () => {
    const owner = await signedInUser('state-owner');

    // Another browser: the link without the state cookie.
    const stranger = new TestClient();
    const otherBrowser = await connectPlatform(owner.client, 'facebook', { callbackClient: stranger });
    expect(otherBrowser.landed.pathname).toBe('/auth');

    // Another signed-in user, even holding a copy of the cookie.
    const other = await signedInUser('state-other');
    const otherUser = await connectPlatform(owner.client, 'facebook', {
      callbackClient: other.client,
      beforeCallback: async () => {
        other.client.cookies.set('integration_state', owner.client.cookies.get('integration_state')!);
      },
    });
    expect(otherUser.landed.searchParams.get('error')).toBe(STATE_REFUSED);
    expect((await other.client.get('/api/integrations/facebook/status')).body.connected).toBe(false);

    // Another company: the state was made for the company selected at connect time.
    const second = await owner.client.post('/api/company', { name: 'Second Co' });
    const switched = await connectPlatform(owner.client, 'facebook', {
      beforeCallback: async () => {
        owner.client.cookies.set('COMPANY_ID', String(second.body.id));
      },
    });
    expect(switched.landed.searchParams.get('error')).toBe(STATE_REFUSED);
    expect((await owner.client.get('/api/integrations/facebook/status')).body.connected).toBe(false);
    owner.client.cookies.set('COMPANY_ID', String(owner.companyId));
    expect((await owner.client.get('/api/integrations/facebook/status')).body.connected).toBe(false);

    // Replay: the same callback twice (the cookie put back) is refused the second time.
    const first = await connectPlatform(owner.client, 'threads');
    expect(first.landed.searchParams.get('connected')).toBe('threads');
    owner.client.cookies.set('integration_state', first.callback.searchParams.get('state')!);
    const replay = await owner.client.get(first.callback.pathname + first.callback.search);
    expect(new URL(replay.headers.get('location')!).searchParams.get('error')).toBe(STATE_REFUSED);

    // A state made for one platform does not complete another's.
    const start = await owner.client.get('/api/integrations/linkedin/connect');
    const state = new URL(start.body.url).searchParams.get('state')!;
    const crossed = await owner.client.get(`/api/integrations/threads/callback?code=x&state=${state}`);
    expect(new URL(crossed.headers.get('location')!).searchParams.get('error')).toBe(STATE_REFUSED);
  });

  it('connects for the invited company from an invite link', async () => {
    const owner = await signedInUser('invite-owner');
    const manager = await signedInUser('invite-manager');
    await owner.client.post(`/api/company/${owner.companyId}/invite`, { email: manager.email });
    const token = linkIn(await waitForMail(manager.email, /invited/))
      .pathname.split('/')
      .pop()!;
    // The invite names one address: another account cannot use it.
    const stranger = await signedInUser('invite-stranger');
    const refused = await stranger.client.get(`/api/integrations/linkedin/connect?inviteToken=${token}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `This invite was sent to ${manager.email}. Sign in with that email to accept it.`,
    );

    const { landed } = await connectPlatform(manager.client, 'linkedin', { inviteToken: token });
    expect(landed.searchParams.get('choose')).toBe('linkedin');
    expect(manager.client.cookies.get('COMPANY_ID')).toBe(String(owner.companyId));
    expect((await owner.client.get('/api/integrations/linkedin/status')).body.connected).toBe(true);
    manager.client.cookies.set('COMPANY_ID', String(manager.companyId));
    expect((await manager.client.get('/api/integrations/linkedin/status')).body.connected).toBe(false);
  });
});

describe('integration routes: 4xx', () => {
  it('answers each refusal with a sentence', async () => {
    const { client } = await signedInUser('apps-4xx');
    const unknown = await client.get('/api/integrations/myspace/status');
    expect(unknown.status).toBe(422);
    expect((await client.get('/api/integrations/threads/profiles')).status).toBe(422);
    expect((await client.post('/api/integrations/threads/profile', { id: '1' })).status).toBe(422);
    expect((await client.post('/api/integrations/facebook/profile', { id: '' })).body.errors[0].message).toBe(
      'Choose a page or profile.',
    );
    const notConnected = await client.get('/api/integrations/linkedin/profiles');
    expect(notConnected.status).toBe(404);
    expect(notConnected.body.message).toBe('LinkedIn is not connected. Connect it from the apps page.');
    expect((await client.post('/api/integrations/facebook/profile', { id: '2000001' })).status).toBe(404);

    await connectPlatform(client, 'facebook');
    const notManaged = await client.post('/api/integrations/facebook/profile', { id: '999' });
    expect(notManaged.status).toBe(404);
    expect(notManaged.body.message).toBe('This page or profile is not one your Facebook account manages.');

    const invite = await client.get('/api/integrations/facebook/connect?inviteToken=not-a-token');
    expect(invite.status).toBe(404);
    expect(invite.body.message).toBe('This invite is invalid or has expired.');

    const signedOut = new TestClient();
    for (const [method, path] of [
      ['GET', '/api/integrations/facebook/connect'],
      ['GET', '/api/integrations/facebook/status'],
      ['GET', '/api/integrations/facebook/profiles'],
      ['POST', '/api/integrations/facebook/profile'],
      ['POST', '/api/integrations/facebook/disconnect'],
    ] as const) {
      expect((await signedOut.request(method, path, method === 'POST' ? { id: '1' } : undefined)).status, path).toBe(
        401,
      );
    }
    const callback = await signedOut.get('/api/integrations/facebook/callback?code=x&state=y');
    expect(callback.status).toBe(302);
    expect(new URL(callback.headers.get('location')!).pathname).toBe('/auth');
  });

  it("another company's member can neither read nor change the connection", async () => {
    const a = await signedInUser('apps-tenant-a');
    await connectPlatform(a.client, 'facebook');
    const b = await signedInUser('apps-tenant-b');
    b.client.cookies.set('COMPANY_ID', String(a.companyId));
    for (const [method, path] of [
      ['GET', '/api/integrations/facebook/status'],
      ['GET', '/api/integrations/facebook/profiles'],
      ['POST', '/api/integrations/facebook/profile'],
      ['POST', '/api/integrations/facebook/disconnect'],
      ['GET', '/api/integrations/facebook/connect'],
    ] as const) {
      const res = await b.client.request(method, path, method === 'POST' ? { id: '2000001' } : undefined);
      expect(res.status, path).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Sandbox');
    }
    expect((await a.client.get('/api/integrations/facebook/status')).body.connected).toBe(true);
  });
});
