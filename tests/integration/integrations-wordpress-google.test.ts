import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { table, tableName } from '../../functions/core/table/client';
import { keys } from '../../functions/core/table/keys';
import { TestClient, linkIn, signedInUser, waitForMail } from '../support/api-client';
import { connectGoogle, connectWordPress, platformSandboxOrigin } from '../support/app-connect';
import { serveSite } from '../support/loopback-site';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

const STATE_REFUSED = 'This connect link expired or was not started here. Please press Connect again.';
const GMB_NOT_CONNECTED = 'Google My Business is not connected. Connect it from the apps page.';

beforeAll(() => {
  useSuiteRuntimeEnv();
});

const rawItem = async (companyId: number, app: string) =>
  (await table().send(new GetCommand({ TableName: tableName(), Key: keys.integration(companyId, app) }))).Item;

/**
 * What the app itself checks of a WordPress connect: the site rule, the safe fetcher, the
 * state's bindings, WordPress.com's OAuth. How WordPress itself answers (the authorize page,
 * passwords, publishing) is tried against the real WordPress and the stand-in alike in
 * wordpress-publishing.test.ts.
 */
describe('WordPress', () => {
  it('connects a WordPress.com site through WordPress.com OAuth', async () => {
    const { client } = await signedInUser('wpcom');
    const start = await client.post('/api/integrations/wordpress/connect', { website: 'sandy.wordpress.com/' });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const consent = new URL(start.body.url);
    expect(consent.pathname).toBe('/wpcom/oauth2/authorize');
    expect(consent.searchParams.get('blog')).toBe('sandy.wordpress.com');
    expect(consent.searchParams.get('redirect_uri')).toBe(`${client.baseUrl}/api/integrations/wordpress/callback`);
    const form = new URLSearchParams({ decision: 'allow', login: 'sandy' });
    for (const k of ['redirect_uri', 'state', 'blog']) form.set(k, consent.searchParams.get(k) ?? '');
    const approve = await fetch(`${consent.origin}/wpcom/__approve`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const back = new URL(approve.headers.get('location')!);
    const done = await client.get(back.pathname + back.search);
    expect(new URL(done.headers.get('location')!).searchParams.get('connected')).toBe('wordpress');
    expect((await client.get('/api/integrations/wordpress/status')).body).toEqual({
      connected: true,
      profile: { id: 'https://sandy.wordpress.com', name: 'sandy.wordpress.com' },
    });
  });

  it('answers the rule at its boundaries with the spec sentences', async () => {
    const { client } = await signedInUser('wp-rule');
    const site = await platformSandboxOrigin(client);
    const host = new URL(site).host;
    const refused = async (body: unknown) => {
      const res = await client.post('/api/integrations/wordpress/connect', body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      return res.body.errors[0];
    };
    expect(await refused({})).toMatchObject({ path: 'website', message: 'The URL is required' });
    expect(await refused({ website: '  ' })).toMatchObject({ message: 'The URL is required' });
    expect(await refused({ website: `${site}/blog` })).toMatchObject({
      path: 'website',
      message: `Please enter only the main website address (e.g. ${host})`,
    });
    expect(await refused({ website: `${site}/blog/` })).toMatchObject({
      message: `Please enter only the main website address (e.g. ${host})`,
    });
    expect(await refused({ website: `${site}/?p=1` })).toMatchObject({
      message: `Please enter only the main website address (e.g. ${host})`,
    });
    expect(await refused({ website: 'ftp://blog.example.com' })).toMatchObject({
      message: 'Enter a valid website address',
    });
    // A trailing slash is removed, not refused.
    expect((await client.post('/api/integrations/wordpress/connect', { website: `${site}/` })).status).toBe(200);
  });

  it('refuses sites inside our network through the safe fetcher, and sites that are not WordPress', async () => {
    const { client } = await signedInUser('wp-ssrf');
    const app = new URL(inject('runtime').url);
    for (const website of [
      `http://127.0.0.1:${app.port}`,
      'http://169.254.169.254',
      'http://10.0.0.7',
      'http://[::1]:8080',
      'http://0x7f000001',
    ]) {
      const res = await client.post('/api/integrations/wordpress/connect', { website });
      expect(res.status, `${website}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.message).not.toMatch(/Error:|stack/);
    }

    // A site whose REST index redirects inside the network: each hop is checked again.
    const redirecting = await serveSite((_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    try {
      const res = await client.post('/api/integrations/wordpress/connect', { website: redirecting.origin });
      expect(res.status).toBe(422);
    } finally {
      await redirecting.close();
    }

    // Not WordPress; and a WordPress index naming someone else's authorize page.
    const plain = await serveSite((req, res) => {
      if (req.url === '/wp-json/') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            name: 'Lookalike',
            namespaces: ['wp/v2'],
            authentication: {
              'application-passwords': { endpoints: { authorization: 'https://phish.example/authorize.php' } },
            },
          }),
        );
      } else res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Hello</h1>');
    });
    try {
      const lookalike = await client.post('/api/integrations/wordpress/connect', { website: plain.origin });
      expect(lookalike.status).toBe(422);
      expect(lookalike.body.errors[0].message).toBe(
        `${plain.origin} does not offer application passwords. It needs WordPress 5.6 or later served over HTTPS, without a plugin that turns them off.`,
      );
    } finally {
      await plain.close();
    }
    const html = await serveSite((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>'));
    try {
      const res = await client.post('/api/integrations/wordpress/connect', { website: html.origin });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(
        `We could not find a WordPress site at ${html.origin}. Check the address, and that the site's REST API is on.`,
      );
    } finally {
      await html.close();
    }
  });

  it('refuses a replayed callback, one for another company, one naming another site, and a refusal', async () => {
    const owner = await signedInUser('wp-state');
    const site = await platformSandboxOrigin(owner.client);

    // Refused on the site's page: back with success=false.
    const refused = await connectWordPress(owner.client, site, { decision: 'deny' });
    expect(refused.landed.searchParams.get('error')).toBe('Connecting WordPress was cancelled.');

    // WordPress answered for another site than the one the user named.
    const swapped = await connectWordPress(owner.client, site, {
      beforeCallback: async (callback) => {
        callback.searchParams.set('site_url', 'https://evil.example');
      },
    });
    expect(swapped.landed.searchParams.get('error')).toBe(
      'WordPress answered for a different site than the one you connected. Please connect again.',
    );
    expect((await owner.client.get('/api/integrations/wordpress/status')).body.connected).toBe(false);

    // A made-up password is tried against the site, which refuses it.
    const forged = await connectWordPress(owner.client, site, {
      beforeCallback: async (callback) => {
        callback.searchParams.set('password', 'AAAAAAAAAAAAAAAAAAAAAAAA');
      },
    });
    expect(forged.landed.searchParams.get('error')).toBe(
      `${site} did not accept the application password it gave us for admin. Please connect again; if it happens again, ask your host whether the web server passes the Authorization header on to WordPress.`,
    );
    expect((await owner.client.get('/api/integrations/wordpress/status')).body.connected).toBe(false);

    // A self-hosted site's return cannot switch to WordPress.com's code flow.
    const switched = await connectWordPress(owner.client, site, {
      beforeCallback: async (callback) => {
        callback.searchParams.delete('password');
        callback.searchParams.set('code', 'stolen-code');
      },
    });
    expect(switched.landed.searchParams.get('error')).toBe('WordPress did not send a password.');

    // Another company's member holding the link and the cookie.
    const other = await signedInUser('wp-state-other');
    const crossed = await connectWordPress(owner.client, site, {
      callbackClient: other.client,
      beforeCallback: async () => {
        other.client.cookies.set('integration_state', owner.client.cookies.get('integration_state')!);
      },
    });
    expect(crossed.landed.searchParams.get('error')).toBe(STATE_REFUSED);
    expect((await other.client.get('/api/integrations/wordpress/status')).body.connected).toBe(false);

    // The same callback twice.
    const first = await connectWordPress(owner.client, site);
    expect(first.landed.searchParams.get('connected')).toBe('wordpress');
    owner.client.cookies.set('integration_state', first.callback.searchParams.get('state')!);
    const replay = await owner.client.get(first.callback.pathname + first.callback.search);
    expect(new URL(replay.headers.get('location')!).searchParams.get('error')).toBe(STATE_REFUSED);

    // A Google state does not complete a WordPress connect.
    const google = await owner.client.get('/api/integrations/google/connect');
    const state = new URL(google.body.url).searchParams.get('state')!;
    const wrongApp = await owner.client.get(
      `/api/integrations/wordpress/callback?state=${state}&site_url=${encodeURIComponent(site)}&user_login=admin&password=x`,
    );
    expect(new URL(wrongApp.headers.get('location')!).searchParams.get('error')).toBe(STATE_REFUSED);
  });
});

describe('Google profile and Search Console', () => {
  it('connects, lists the properties, chooses one and disconnects', async () => {
    const { client, companyId } = await signedInUser('gsc');
    expect((await client.get('/api/integrations/search-console/status')).body).toEqual({ connected: false });
    const { landed, consent } = await connectGoogle(client, '/api/integrations/google/connect');
    expect(consent.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/webmasters.readonly');
    expect(`${landed.pathname}${landed.search}`).toBe('/settings/apps?connected=google');
    expect((await client.get('/api/integrations/search-console/status')).body).toEqual({ connected: true });
    expect((await rawItem(companyId, 'google'))!.secrets).toMatch(/^gcm:/);

    const sites = await client.post('/api/integrations/search-console/websites');
    expect(sites.status).toBe(200);
    // sites.list also names properties the user has not verified: those are not offered.
    expect(sites.body).toEqual([
      { url: 'https://www.sandbox-bakery.example/', permissionLevel: 'siteOwner' },
      { url: 'sc-domain:sandbox-bikes.example', permissionLevel: 'siteFullUser' },
    ]);
    expect((await client.get('/api/integrations/search-console/website')).body).toEqual({});
    const chosen = await client.post('/api/integrations/search-console/website', {
      url: 'sc-domain:sandbox-bikes.example',
    });
    expect(chosen.body).toEqual({
      connected: true,
      profile: { id: 'sc-domain:sandbox-bikes.example', name: 'sc-domain:sandbox-bikes.example' },
    });
    expect((await client.get('/api/integrations/search-console/website')).body).toEqual({
      url: 'sc-domain:sandbox-bikes.example',
    });

    // The Search Console entry starts the same consent.
    const again = await client.get('/api/integrations/search-console/connect');
    expect(new URL(again.body.url).pathname).toBe('/google-accounts/o/oauth2/v2/auth');

    expect((await client.post('/api/integrations/search-console/disconnect')).body).toEqual({ connected: false });
    expect((await client.get('/api/integrations/search-console/status')).body).toEqual({ connected: false });
  });

  it("refuses a property the user does not have, and a consent without Search Console's scope", async () => {
    const { client } = await signedInUser('gsc-attack');
    const notConnected = await client.post('/api/integrations/search-console/websites');
    expect(notConnected.status).toBe(404);
    expect(notConnected.body.message).toBe('Google is not connected. Connect it from the apps page.');

    const unticked = await connectGoogle(client, '/api/integrations/google/connect', {
      scopes: (asked) => asked.filter((s) => !s.includes('webmasters')),
    });
    expect(unticked.landed.searchParams.get('error')).toBe(
      'Google did not give us access to Search Console. Connect again and allow it.',
    );
    expect((await client.get('/api/integrations/search-console/status')).body.connected).toBe(false);

    await connectGoogle(client, '/api/integrations/google/connect');
    for (const url of ['https://someone-else.example/', 'https://old.sandbox-bakery.example/']) {
      const res = await client.post('/api/integrations/search-console/website', { url });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('This website is not one of your Search Console properties.');
    }
    const empty = await client.post('/api/integrations/search-console/website', { url: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].message).toBe('Choose a website.');
    expect((await client.get('/api/integrations/search-console/website')).body).toEqual({});

    const cancelled = await connectGoogle(client, '/api/integrations/google/connect', { decision: 'deny' });
    expect(cancelled.landed.searchParams.get('error')).toBe('Connecting Google was cancelled.');
  });

  it('a grant Google took back is noticed on the next call and the status says to reconnect', async () => {
    const { client } = await signedInUser('gsc-revoked');
    const { consent } = await connectGoogle(client, '/api/integrations/google/connect');
    await fetch(`${consent.origin}/__sandbox/google/revoke?name=Sandy%20Box`, { method: 'POST' });
    const res = await client.post('/api/integrations/search-console/websites');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'PLATFORM_RECONNECT',
      message: 'Your Google connection has expired. Reconnect Google from the apps page.',
    });
    expect((await client.get('/api/integrations/search-console/status')).body).toEqual({
      connected: false,
      reconnect: true,
      message: 'Your Google connection has expired. Reconnect Google from the apps page.',
    });
  });
});

describe('Google My Business', () => {
  it('connects, lists the accounts, chooses one; a revoked grant reads as disconnected', async () => {
    const { client } = await signedInUser('gmb');
    expect((await client.get('/api/business/status')).body).toEqual({ connected: false });
    const notConnected = await client.get('/api/business/accounts');
    expect(notConnected.status).toBe(404);
    expect(notConnected.body.message).toBe(GMB_NOT_CONNECTED);

    const { landed, consent } = await connectGoogle(client, '/api/business/connect');
    expect(consent.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/business.manage');
    expect(consent.searchParams.get('redirect_uri')).toBe(`${client.baseUrl}/api/business/callback`);
    expect(`${landed.pathname}${landed.search}`).toBe('/settings/apps?connected=google-my-business');
    // The connect chose the first account with locations (the personal one has none).
    const bakeryGroup = { id: 'accounts/110000000000000000002', name: 'Sandbox Bakery Group' };
    expect((await client.get('/api/business/status')).body).toEqual({ connected: true, account: bakeryGroup });

    const accounts = await client.get('/api/business/accounts');
    expect(accounts.body).toEqual([
      { id: 'accounts/110000000000000000001', name: 'Sandy Box', type: 'PERSONAL' },
      { id: 'accounts/110000000000000000002', name: 'Sandbox Bakery Group', type: 'LOCATION_GROUP' },
    ]);
    expect((await client.get('/api/business/account')).body).toEqual({ account: bakeryGroup });
    // Another account can be chosen: the personal one, which has no locations.
    const personal = await client.post('/api/business/account', { id: 'accounts/110000000000000000001' });
    expect(personal.body).toEqual({
      connected: true,
      account: { id: 'accounts/110000000000000000001', name: 'Sandy Box' },
    });
    expect((await client.get('/api/business/locations')).body).toEqual([]);
    const chosen = await client.post('/api/business/account', { id: 'accounts/110000000000000000002' });
    expect(chosen.body).toEqual({ connected: true, account: bakeryGroup });
    expect((await client.get('/api/business/account')).body).toEqual({ account: bakeryGroup });

    // The chosen account's locations, as the business manager's selector lists them.
    expect((await client.get('/api/business/locations')).body).toEqual([
      { id: 'locations/5500000000000000001', title: 'Sandbox Bakery Soho', address: '12 Frith St, W1D 3QF London, GB' },
      { id: 'locations/5500000000000000002', title: 'Sandbox Bakery Camden', address: '' },
    ]);

    // An account the user does not manage, and one that is not an account name.
    const foreign = await client.post('/api/business/account', { id: 'accounts/999' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('This account is not one your Google user manages.');
    const bad = await client.post('/api/business/account', { id: '../locations/1' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].message).toBe('Choose an account.');

    // The user removes the app at Google: the status asks Google and says 'disconnected'.
    await fetch(`${consent.origin}/__sandbox/google/revoke?name=Sandy%20Box`, { method: 'POST' });
    expect((await client.get('/api/business/status')).body).toEqual({ connected: false, message: 'disconnected' });
    expect((await client.get('/api/business/accounts')).status).toBe(409);

    // Reconnecting mends it; disconnecting forgets it.
    await connectGoogle(client, '/api/business/connect');
    expect((await client.get('/api/business/status')).body).toEqual({ connected: true, account: bakeryGroup });
    expect((await client.post('/api/business/disconnect')).body).toEqual({ connected: false });
    expect((await client.get('/api/business/status')).body).toEqual({ connected: false });
  });

  it("a Search Console state does not complete a My Business connect; another company's member is refused", async () => {
    const a = await signedInUser('gmb-a');
    const start = await a.client.get('/api/integrations/google/connect');
    const state = new URL(start.body.url).searchParams.get('state')!;
    const crossed = await a.client.get(`/api/business/callback?code=x&state=${state}`);
    expect(new URL(crossed.headers.get('location')!).searchParams.get('error')).toBe(STATE_REFUSED);

    await connectGoogle(a.client, '/api/business/connect');
    const b = await signedInUser('gmb-b');
    b.client.cookies.set('COMPANY_ID', String(a.companyId));
    for (const [method, path] of [
      ['GET', '/api/business/status'],
      ['GET', '/api/business/accounts'],
      ['GET', '/api/business/account'],
      ['GET', '/api/business/locations'],
      ['POST', '/api/business/account'],
      ['POST', '/api/business/disconnect'],
      ['GET', '/api/business/connect'],
      ['GET', '/api/integrations/wordpress/status'],
      ['POST', '/api/integrations/wordpress/connect'],
      ['POST', '/api/integrations/wordpress/disconnect'],
      ['POST', '/api/integrations/search-console/websites'],
      ['POST', '/api/integrations/search-console/website'],
      ['GET', '/api/integrations/search-console/status'],
    ] as const) {
      const res = await b.client.request(
        method,
        path,
        method === 'POST'
          ? { id: 'accounts/110000000000000000002', website: 'https://a.example', url: 'x' }
          : undefined,
      );
      expect(res.status, path).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Sandbox');
    }
    expect((await a.client.get('/api/business/status')).body.connected).toBe(true);

    const signedOut = new TestClient();
    expect((await signedOut.get('/api/business/status')).status).toBe(401);
    const callback = await signedOut.get('/api/business/callback?code=x&state=y');
    expect(new URL(callback.headers.get('location')!).pathname).toBe('/auth');
  });
});

describe('the company cascade', () => {
  it('deleting a company deletes its WordPress and Google connections with it', async () => {
    const owner = await signedInUser('apps-cascade');
    const site = await platformSandboxOrigin(owner.client);
    const second = await owner.client.post('/api/company', { name: 'Cascade Co' });
    owner.client.cookies.set('COMPANY_ID', String(second.body.id));
    await connectWordPress(owner.client, site);
    await connectGoogle(owner.client, '/api/business/connect');
    await connectGoogle(owner.client, '/api/integrations/google/connect');
    for (const app of ['wordpress', 'google', 'google-my-business']) {
      expect(await rawItem(second.body.id, app), app).toBeDefined();
    }
    owner.client.cookies.set('COMPANY_ID', String(owner.companyId));
    expect((await owner.client.delete(`/api/company/${second.body.id}`)).status).toBe(204);
    for (const app of ['wordpress', 'google', 'google-my-business']) {
      expect(await rawItem(second.body.id, app), app).toBeUndefined();
    }
  });
});

describe('connecting from an invite link', () => {
  /** An invite from a fresh owner to a fresh manager, and the token from its mail. */
  async function invited(label: string) {
    const owner = await signedInUser(`${label}-owner`);
    const manager = await signedInUser(`${label}-manager`);
    await owner.client.post(`/api/company/${owner.companyId}/invite`, { email: manager.email });
    const token = linkIn(await waitForMail(manager.email, /invited/))
      .pathname.split('/')
      .pop()!;
    return { owner, manager, token };
  }

  it('a connect that fails leaves the invite unspent: the same link works once the site is fixed', async () => {
    const { owner, manager, token } = await invited('apps-invite-retry');
    const html = await serveSite((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>'));
    try {
      const wrong = await manager.client.post('/api/integrations/wordpress/connect', {
        website: html.origin,
        inviteToken: token,
      });
      expect(wrong.status).toBe(422);
      expect(wrong.headers.get('set-cookie') ?? '').not.toContain('COMPANY_ID');
    } finally {
      await html.close();
    }
    // Not yet a member: the failed connect did not accept the invite.
    const mine = await manager.client.get<{ id: number }[]>('/api/company');
    expect(mine.body.map((c) => c.id)).not.toContain(owner.companyId);

    await connectWordPress(manager.client, await platformSandboxOrigin(manager.client), { inviteToken: token });
    expect(manager.client.cookies.get('COMPANY_ID')).toBe(String(owner.companyId));
    expect((await owner.client.get('/api/integrations/wordpress/status')).body.connected).toBe(true);
  });

  it('two connects racing with one invite admit once: the other is refused and sets no cookie', async () => {
    const { owner, manager, token } = await invited('apps-invite-race');
    const [a, b] = await Promise.all(
      ['linkedin', 'threads'].map((platform) =>
        manager.client.get(`/api/integrations/${platform}/connect?inviteToken=${token}`),
      ),
    );
    const statuses = [a!.status, b!.status].sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    const loser = a!.status === 200 ? b! : a!;
    expect(loser.headers.get('set-cookie')).toBeNull();
    const mine = await manager.client.get<{ id: number }[]>('/api/company');
    expect(mine.body.filter((c) => c.id === owner.companyId)).toHaveLength(1);
  });

  it('connects the Google profile and WordPress for the invited company', async () => {
    const owner = await signedInUser('apps-invite-owner');
    const manager = await signedInUser('apps-invite-manager');
    await owner.client.post(`/api/company/${owner.companyId}/invite`, { email: manager.email });
    const token = linkIn(await waitForMail(manager.email, /invited/))
      .pathname.split('/')
      .pop()!;
    const { landed } = await connectGoogle(manager.client, '/api/integrations/google/connect', { inviteToken: token });
    expect(landed.searchParams.get('connected')).toBe('google');
    expect(manager.client.cookies.get('COMPANY_ID')).toBe(String(owner.companyId));
    expect((await owner.client.get('/api/integrations/search-console/status')).body.connected).toBe(true);

    const site = await platformSandboxOrigin(manager.client);
    const used = await manager.client.post('/api/integrations/wordpress/connect', {
      website: site,
      inviteToken: token,
    });
    // The invite was spent by the first connect.
    expect(used.status).toBe(404);
    expect(used.body.message).toBe('This invite is invalid or has expired.');
    await connectWordPress(manager.client, site);
    expect((await owner.client.get('/api/integrations/wordpress/status')).body.connected).toBe(true);
    manager.client.cookies.set('COMPANY_ID', String(manager.companyId));
    expect((await manager.client.get('/api/integrations/search-console/status')).body.connected).toBe(false);
    expect((await manager.client.get('/api/integrations/wordpress/status')).body.connected).toBe(false);
  });
});
