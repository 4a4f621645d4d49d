import { afterAll, describe, expect, inject, it } from 'vitest';
import { auditSettingsMessages as M } from '@shared/schemas/audit-settings';
import type { SeoReport } from '@shared/schemas/seo';
import { permissionRefusal } from '@shared/permissions';
import { linkIn, PASSWORD, signedInUser, TestClient, waitForMail } from '../support/api-client';
import { serveSite, type LoopbackSite } from '../support/loopback-site';
import { eventually } from '../support/test-site-runtime';
import { serveTestSite, type TestSite } from '../support/test-site';

/**
 * The audit settings over HTTP on the suite's runtime: every rule of spec 02 §5 refused with its
 * sentence on its field, the basic-auth password sealed and never returned, and the sources of
 * pages: a page only the sitemap lists, found with the sitemap source on and not with it off;
 * a page only the uploaded list names, found from the list, behind basic auth.
 */

const SETTINGS = '/api/seo/audit/settings';
const LIST = '/api/seo/audit/url-list';

const fieldMessage = (body: { errors?: { path: string; message: string }[] }, path: string) =>
  body.errors?.find((e) => e.path === path)?.message;

async function refused(client: TestClient, body: Record<string, unknown>, path: string, message: string) {
  const res = await client.request('PUT', SETTINGS, body);
  expect(res.status, JSON.stringify(body)).toBe(422);
  expect(fieldMessage(res.body, path), JSON.stringify(res.body)).toBe(message);
}

const report = async (client: TestClient): Promise<SeoReport> => (await client.get('/api/seo/report')).body;
const ended = (body: SeoReport) => !!body.audit && !['running', 'stopping'].includes(body.audit.status);

/** Starts the company's first (free) audit and waits for it; the crawled pages' URLs and statuses. */
async function auditPages(client: TestClient): Promise<Map<string, number>> {
  await report(client);
  const done = await eventually(() => report(client), ended, 'the audit', 120_000);
  expect(done.audit?.status).toBe('finished');
  const pages = await client.get('/api/seo/audits/latest/pages?limit=500');
  expect(pages.status).toBe(200);
  return new Map(pages.body.rows.map((row: { url: string; status: number }) => [row.url, row.status]));
}

describe('audit settings rules', () => {
  let client: TestClient;

  it('refuses each bad value with its sentence on its field', async () => {
    ({ client } = await signedInUser('audit-rules'));
    await refused(client, { allowPrefixes: ['blog/'] }, 'allowPrefixes.0', M.prefixInvalid);
    await refused(client, { disallowPrefixes: ['/ok/', '/blog'] }, 'disallowPrefixes.1', M.prefixInvalid);
    await refused(client, { hidePrefixes: [`/${'a'.repeat(2048)}/`] }, 'hidePrefixes.0', M.ruleTooLong);
    await refused(client, { allowPrefixes: ['/blog/[a-/'] }, 'allowPrefixes.0', M.ruleRegex);
    await refused(client, { allowPrefixes: ['/(a+)+/'] }, 'allowPrefixes.0', M.ruleRegex);
    await refused(client, { allowPrefixes: ['/a/', '/a/'] }, 'allowPrefixes.1', M.duplicate);
    await refused(client, { allowPrefixes: ['/a/'], disallowPrefixes: ['/a/'] }, 'disallowPrefixes.0', M.ruleConflict);
    await refused(client, { competitors: ['not a url'] }, 'competitors.0', M.invalidUrl);
    await refused(client, { competitors: ['https://www.youtube.com/'] }, 'competitors.0', M.scanExcluded);
    await refused(
      client,
      { competitors: ['https://a.example.com/', 'https://www.a.example.com/x'] },
      'competitors.1',
      M.duplicate,
    );
    const six = Array.from({ length: 6 }, (_, i) => `https://rival${i}.example.com/`);
    await refused(client, { competitors: six }, 'competitors', M.tooManyCompetitors);
    await refused(client, { notificationEmails: ['owner@'] }, 'notificationEmails.0', M.email);
    await refused(client, { ignoredExternalDomains: ['not_a domain'] }, 'ignoredExternalDomains.0', M.invalidDomain);
    await refused(client, { ignoreUrlParameters: ['utm source'] }, 'ignoreUrlParameters.0', M.parameterInvalid);
    await refused(client, { maxDepth: 101 }, 'maxDepth', M.between(0, 100));
    await refused(client, { maxPages: 0 }, 'maxPages', M.between(1, 100_000));
    await refused(client, { requestsPerSecond: 501 }, 'requestsPerSecond', M.rate);
    await refused(client, { titleMin: 70, titleMax: 60 }, 'titleMax', M.minAboveMax);
    await refused(client, { minWords: 1.5 }, 'minWords', M.between(0, 10_000));
    await refused(client, { basicAuthLogin: 'a:b', basicAuthPassword: 'x' }, 'basicAuthLogin', M.loginInvalid);
    await refused(client, { basicAuthPassword: 'secret' }, 'basicAuthLogin', M.passwordWithoutLogin);
    expect((await client.request('PUT', SETTINGS, { version: '3.0' })).status).toBe(422);
    // Nothing refused was kept.
    expect((await client.get(SETTINGS)).body).toMatchObject({ allowPrefixes: [], competitors: [], maxDepth: 10 });
  });

  it('keeps good values, the version feedback and a regular-expression rule', async () => {
    const good = {
      allowPrefixes: ['/blog/.+/amp/', '/shop/'],
      hidePrefixes: ['/tag/'],
      competitors: ['https://rival.example.com/'],
      notificationEmails: ['Owner@Example.com'],
      ignoredExternalDomains: ['https://cdn.example.net/path'],
      ignoreUrlParameters: ['utm_source'],
      version: '1.0',
      versionFeedback: 'The new checks flag our blog wrongly.',
      titleMin: 10,
      titleMax: 80,
    };
    const res = await client.put(SETTINGS, good);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      allowPrefixes: ['/blog/.+/amp/', '/shop/'],
      notificationEmails: ['owner@example.com'],
      ignoredExternalDomains: ['cdn.example.net'],
      version: '1.0',
      titleMax: 80,
    });
    expect(res.body).not.toHaveProperty('versionFeedback');
  });

  it('refuses an upload that is not TXT or CSV, or names another site, and keeps nothing of it', async () => {
    expect((await client.patch('/api/company/company', { website: 'https://rosas-bakery.example.com' })).status).toBe(
      200,
    );
    const pdf = await client.request('PUT', LIST, { fileName: 'urls.pdf', text: 'https://rosas-bakery.example.com/' });
    expect(pdf.status).toBe(422);
    expect(fieldMessage(pdf.body, 'fileName')).toBe(M.file.type);
    const foreign = await client.request('PUT', LIST, {
      fileName: 'urls.csv',
      text: 'url\nhttps://rosas-bakery.example.com/a/\nhttps://evil.example.org/steal/\n',
    });
    expect(foreign.status).toBe(422);
    expect(fieldMessage(foreign.body, 'text')).toBe(M.file.foreign(3, 'evil.example.org'));
    const bad = await client.request('PUT', LIST, {
      fileName: 'urls.txt',
      text: 'https://rosas-bakery.example.com/\nnope',
    });
    expect(fieldMessage(bad.body, 'text')).toBe(M.file.invalid(2));
    const tooMany = Array.from({ length: 1001 }, (_, i) => `https://rosas-bakery.example.com/p${i}/`).join('\n');
    expect(fieldMessage((await client.request('PUT', LIST, { fileName: 'a.txt', text: tooMany })).body, 'text')).toBe(
      M.file.tooMany,
    );
    expect((await client.get(SETTINGS)).body.urlList).toBeUndefined();
  });

  it('keeps both a settings save and a list upload made at the same moment', async () => {
    const { client: racer } = await signedInUser('audit-race');
    expect((await racer.patch('/api/company/company', { website: 'https://rosas-bakery.example.com' })).status).toBe(
      200,
    );
    for (let round = 1; round <= 6; round++) {
      const [saved, uploaded] = await Promise.all([
        racer.request('PUT', SETTINGS, { maxPages: 100 + round }),
        racer.request('PUT', LIST, { fileName: `round-${round}.txt`, text: 'https://rosas-bakery.example.com/a/' }),
      ]);
      expect([saved.status, uploaded.status]).toEqual([200, 200]);
      const now = (await racer.get(SETTINGS)).body;
      expect(now.maxPages, `round ${round}`).toBe(100 + round);
      expect(now.urlList?.fileName, `round ${round}`).toBe(`round-${round}.txt`);
    }
  });

  it('refuses to audit a website on the scan exclusion list', async () => {
    const { client: excluded } = await signedInUser('audit-excluded');
    expect((await excluded.patch('/api/company/company', { website: 'https://www.youtube.com/' })).status).toBe(200);
    const start = await excluded.request('POST', '/api/seo/report/recheck');
    expect(start.status).toBe(400);
    expect(start.body.message).toBe(M.scanExcluded);
  });

  it('a client member may read the settings but neither change them nor upload a list', async () => {
    const owner = await signedInUser('audit-roles-owner');
    const invitee = `client-${Math.random().toString(36).slice(2, 8)}@example.com`;
    expect((await owner.client.post(`/api/company/${owner.companyId}/invite`, { email: invitee })).status).toBe(201);
    const inviteToken = linkIn(await waitForMail(invitee, /invited/))
      .pathname.split('/')
      .pop();
    const member = { client: new TestClient() };
    const registered = await member.client.post('/api/auth/register', {
      firstName: 'Cleo',
      lastName: 'Client',
      email: invitee,
      password: PASSWORD,
      subscribed: false,
      accept_terms: true,
      inviteToken,
    });
    expect(registered.status).toBe(201);
    const login = await member.client.post('/api/auth/login', { email: invitee, password: PASSWORD, inviteToken });
    expect(login.status).toBe(200);
    member.client.cookies.set('COMPANY_ID', String(owner.companyId));
    const users = (await owner.client.get('/api/company')).body.find((x: { id: number }) => x.id === owner.companyId)
      .users as { id: number; email: string }[];
    const memberId = users.find((u) => u.email === invitee)?.id;
    expect(
      (await owner.client.put(`/api/company/${owner.companyId}/users/${memberId}/role`, { role: 'client' })).status,
    ).toBe(204);
    expect((await member.client.get(SETTINGS)).status).toBe(200);
    const save = await member.client.request('PUT', SETTINGS, { maxPages: 5 });
    expect(save.status).toBe(403);
    expect(save.body.message).toBe(permissionRefusal('seo'));
    const upload = await member.client.request('PUT', LIST, { fileName: 'a.txt', text: 'https://example.com/' });
    expect(upload.status).toBe(403);
    expect((await owner.client.get(SETTINGS)).body.maxPages).toBe(1000);
  });

  it("another company never sees this company's settings", async () => {
    const { client: other } = await signedInUser('audit-rules-other');
    const theirs = (await other.get(SETTINGS)).body;
    expect(theirs.competitors).toEqual([]);
    expect(theirs.allowPrefixes).toEqual([]);
  });
});

describe('the sitemap source', () => {
  let site: TestSite | undefined;
  afterAll(async () => site?.close());

  it('finds a page only the sitemap lists when on, and not when off', async () => {
    // The test site on a port the suite's runtime may fetch; its /orphan/ is linked from nowhere, listed in the sitemap.
    for (const port of inject('sitePorts')) {
      site = await serveTestSite({ port }).catch(() => undefined);
      if (site) break;
    }
    if (!site) throw new Error('no free site port');
    const orphan = site.url('/orphan/');
    // The allow rule keeps the crawl to the home page and the orphan: a short audit.
    const rules = { allowPrefixes: ['/orphan/'], maxPages: 20 };

    const { client: on } = await signedInUser('sitemap-on');
    expect((await on.patch('/api/company/company', { website: site.origin })).status).toBe(200);
    expect((await on.put(SETTINGS, { ...rules, sitemapSource: true })).status).toBe(200);
    const found = await auditPages(on);
    expect(found.get(orphan)).toBe(200);

    const { client: off } = await signedInUser('sitemap-off');
    expect((await off.patch('/api/company/company', { website: site.origin })).status).toBe(200);
    expect((await off.put(SETTINGS, { ...rules, sitemapSource: false })).status).toBe(200);
    const without = await auditPages(off);
    expect(without.has(site.url('/'))).toBe(true);
    expect(without.has(orphan)).toBe(false);
  }, 300_000);
});

describe('the uploaded list source, behind basic auth', () => {
  let site: LoopbackSite | undefined;
  const authorizations: (string | undefined)[] = [];
  afterAll(async () => site?.close());

  it('crawls a page only the list names, with the saved credentials, never returning the password', async () => {
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    const expected = `Basic ${Buffer.from(`staff:${password}`).toString('base64')}`;
    site = await serveSite((req, res) => {
      const path = req.url ?? '/';
      authorizations.push(req.headers.authorization);
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="staging"' }).end('Sign in');
        return;
      }
      if (path === '/robots.txt' || path === '/sitemap.xml') return void res.writeHead(404).end();
      const body =
        path === '/'
          ? '<a href="/about/">About us</a>'
          : path === '/list-only/'
            ? '<p>Seasonal menu</p>'
            : '<p>About</p>';
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><head><title>Staging bakery ${path}</title></head><body><h1>Bakery</h1>${body}</body></html>`,
        );
    });

    const { client } = await signedInUser('list-source');
    expect((await client.patch('/api/company/company', { website: site.origin })).status).toBe(200);
    const upload = await client.put(LIST, { fileName: 'pages.txt', text: `${site.origin}/list-only/\n` });
    expect(upload.status).toBe(200);
    expect(upload.body).toMatchObject({ fileName: 'pages.txt', count: 1 });

    const kitchen = `kitchen-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const saved = await client.put(SETTINGS, {
      listSource: true,
      basicAuthLogin: 'staff',
      basicAuthPassword: password,
      notificationEmails: [kitchen],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ basicAuthLogin: 'staff', basicAuthPasswordSet: true, listSource: true });
    expect(saved.body.urlList).toMatchObject({ fileName: 'pages.txt', count: 1 });
    const read = await client.get(SETTINGS);
    expect(JSON.stringify(read.body)).not.toContain(password);
    expect(JSON.stringify(saved.body)).not.toContain(password);
    // A save without the password keeps it.
    expect(
      (await client.put(SETTINGS, { ...read.body, basicAuthPasswordSet: undefined })).body.basicAuthPasswordSet,
    ).toBe(true);

    const pages = await auditPages(client);
    expect(pages.get(`${site.origin}/list-only/`)).toBe(200);
    expect(pages.get(`${site.origin}/`)).toBe(200);
    expect(authorizations.length).toBeGreaterThan(0);
    expect(authorizations.every((a) => a === expected)).toBe(true);
    // The settings' extra address hears the report is ready too.
    expect((await waitForMail(kitchen, /Your SEO report is ready/)).subject).toBe('Your SEO report is ready');

    // An empty login removes the credentials.
    const cleared = await client.put(SETTINGS, { ...read.body, basicAuthLogin: '' });
    expect(cleared.body.basicAuthPasswordSet).toBe(false);
  }, 200_000);
});
