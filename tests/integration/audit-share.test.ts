import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditShareMessages } from '@shared/schemas/audit-share';
import { permissionRefusal, teamMessages } from '@shared/permissions';
import type { SeoReport } from '@shared/schemas/seo';
import { table } from '../../functions/core/table/client';
import { linkIn, PASSWORD, signedInUser, TestClient, uniqueEmail, waitForMail } from '../support/api-client';
import { serveTestSite, type TestSite } from '../support/test-site';
import { eventually } from '../support/test-site-runtime';

/**
 * Guest links to a company's website audit over HTTP on the suite's runtime: a link opens only
 * its modules, read-only and without the Turned off tab; revoked, expired, made-up and other
 * companies' audits are all 404; a client member is refused what only admins and managers do.
 */
type Member = Awaited<ReturnType<typeof signedInUser>>;
const sites: TestSite[] = [];
let a: Member;
let b: Member;
let auditA = '';
let auditB = '';

async function serveBareSite(): Promise<TestSite> {
  for (const port of inject('sitePorts')) {
    try {
      return await serveTestSite({ port, bare: true });
    } catch {
      // taken by another file's site: the next allowed port
    }
  }
  throw new Error('no free site port');
}

/** A company with one finished audit of a bare test site of its own. */
async function auditedCompany(label: string): Promise<{ member: Member; auditId: string }> {
  const site = await serveBareSite();
  sites.push(site);
  const member = await signedInUser(label);
  member.client.cookies.set('COMPANY_ID', String(member.companyId));
  expect((await member.client.patch('/api/company/company', { website: site.origin })).status).toBe(200);
  const report = async (): Promise<SeoReport> => (await member.client.get('/api/seo/report')).body;
  const done = await eventually(
    report,
    (r) => !!r.audit && !['running', 'stopping'].includes(r.audit.status),
    `${label}'s audit`,
  );
  expect(done.audit?.status).toBe('finished');
  return { member, auditId: done.audit?.id ?? '' };
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';
const guest = () => new TestClient();

async function share(member: Member, modules: string[], extra: Record<string, unknown> = {}) {
  const res = await member.client.post('/api/seo/shares', { modules, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body, token: tokenOf(res.body.url) } as {
    share: { id: string; modules: string[]; expiresAt: string };
    url: string;
    token: string;
    mail?: { sent: boolean; message: string };
  };
}

beforeAll(() => {
  const runtime = inject('runtime');
  Object.assign(process.env, { TABLE_NAME: runtime.tableName, DYNAMODB_ENDPOINT: runtime.dynamoEndpoint });
});
beforeAll(async () => {
  const [first, second] = await Promise.all([auditedCompany('share-a'), auditedCompany('share-b')]);
  ({ member: a, auditId: auditA } = first);
  ({ member: b, auditId: auditB } = second);
}, 150_000);
afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
});

describe('a guest link', () => {
  it('opens only its modules, read-only, for 30 days by default', async () => {
    const link = await share(a, ['pages', 'overview']);
    expect(link.share.modules).toEqual(['overview', 'pages']);
    expect(link.url).toMatch(/\/shared\/audit\/\d+-[\w-]{43}$/);
    const days = (Date.parse(link.share.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const g = guest();
    const frame = await g.get(`/api/seo/shared/${link.token}`);
    expect(frame.status).toBe(200);
    expect(frame.body).toMatchObject({ modules: ['overview', 'pages'], website: sites[0]!.origin.replace(/\/$/, '') });
    const base = `/api/seo/shared/${link.token}/audits`;
    const overview = await g.get(`${base}/latest`);
    expect(overview.status).toBe(200);
    expect(overview.body.id).toBe(auditA);
    expect((await g.get(`${base}/${auditA}/pages`)).body.total).toBeGreaterThan(0);
    for (const path of ['/latest/issues', '/latest/issues/http-4xx', '/latest/links', '/latest/resources']) {
      const res = await g.get(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(auditShareMessages.notFound);
    }
    expect((await g.get(`${base}/latest/comparison?with=${auditA}`)).status).toBe(404);
    expect((await g.get(base)).status).toBe(404);
    // Read-only: the member routes stay closed to a guest, token or not.
    expect((await g.post(`/api/seo/audits/latest/issues/http-4xx/ignore`)).status).toBe(401);
    expect((await g.get('/api/seo/shares')).status).toBe(401);
  });

  it('never shows Turned off data: no tab, no ignored issue, no turned-off checks', async () => {
    const issues = (await a.client.get('/api/seo/audits/latest/issues?tab=all')).body.issues as { check: string }[];
    expect(issues.length).toBeGreaterThan(0);
    const ignored = issues[0]!.check;
    expect((await a.client.post(`/api/seo/audits/latest/issues/${ignored}/ignore`)).status).toBe(200);
    const settings = (await a.client.get('/api/seo/audit/settings')).body;
    expect((await a.client.put('/api/seo/audit/settings', { ...settings, disabledChecks: ['http-4xx'] })).status).toBe(
      200,
    );
    expect((await a.client.get('/api/seo/audits/latest/issues?tab=off')).body.issues.length).toBeGreaterThan(0);

    const link = await share(a, ['issues']);
    const g = guest();
    const base = `/api/seo/shared/${link.token}/audits/latest/issues`;
    for (const tab of ['current', 'new', 'all', 'fixed']) {
      const res = await g.get(`${base}?tab=${tab}`);
      expect(res.status, tab).toBe(200);
      expect(res.body.disabledChecks).toEqual([]);
      expect(res.body.issues.some((i: { off?: string }) => i.off)).toBe(false);
      expect(res.body.issues.map((i: { check: string }) => i.check)).not.toContain(ignored);
    }
    expect((await g.get(`${base}?tab=off`)).status).toBe(404);
    expect((await g.get(`${base}/${ignored}?tab=off`)).status).toBe(404);
    const detail = await g.get(`${base}/${ignored}?tab=all`);
    expect(detail.status).toBe(200);
    expect(detail.body.issue.off).toBeUndefined();

    await a.client.delete(`/api/seo/audits/latest/issues/${ignored}/ignore`);
    await a.client.put('/api/seo/audit/settings', { ...settings, disabledChecks: [] });
  });

  it('is 404 once revoked, expired, or when made up', async () => {
    const link = await share(a, ['overview']);
    const overview = `/api/seo/shared/${link.token}/audits/latest`;
    expect((await guest().get(overview)).status).toBe(200);
    const listed = (await a.client.get('/api/seo/shares')).body as { id: string; modules: string[] }[];
    expect(listed).toContainEqual(expect.objectContaining({ id: link.share.id, modules: ['overview'] }));

    expect((await a.client.delete(`/api/seo/shares/${link.share.id}`)).status).toBe(204);
    for (const path of [overview, `/api/seo/shared/${link.token}`]) {
      const res = await guest().get(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(auditShareMessages.notFound);
    }
    expect((await a.client.get('/api/seo/shares')).body.map((s: { id: string }) => s.id)).not.toContain(link.share.id);
    expect((await a.client.delete(`/api/seo/shares/${link.share.id}`)).status).toBe(404);

    // Expired: its time passed, whether or not the table has removed it yet.
    const old = await share(a, ['overview'], { days: 1 });
    const secret = old.token.slice(old.token.indexOf('-') + 1);
    await table().send(
      new UpdateCommand({
        TableName: process.env.TABLE_NAME!,
        Key: { pk: `COMPANY#${a.companyId}`, sk: `AUDITSHARE#${createHash('sha256').update(secret).digest('hex')}` },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    expect((await guest().get(`/api/seo/shared/${old.token}/audits/latest`)).status).toBe(404);
    expect((await a.client.get('/api/seo/shares')).body.map((s: { id: string }) => s.id)).not.toContain(old.share.id);

    const madeUp = `${a.companyId}-${'x'.repeat(43)}`;
    for (const token of [
      madeUp,
      'nonsense',
      `${a.companyId}-short`,
      '0-'.padEnd(60, 'A'),
      `${a.companyId}.${'x'.repeat(43)}`,
    ]) {
      expect((await guest().get(`/api/seo/shared/${encodeURIComponent(token)}/audits/latest`)).status, token).toBe(404);
    }
  });

  it('of company A cannot read company B', async () => {
    const link = await share(a, ['overview', 'issues', 'pages', 'links', 'resources', 'comparison']);
    const g = guest();
    const base = `/api/seo/shared/${link.token}/audits`;
    expect((await g.get(`${base}/${auditA}`)).status).toBe(200);
    for (const path of ['', '/issues', '/pages', '/links', '/resources']) {
      expect((await g.get(`${base}/${auditB}${path}`)).status, path).toBe(404);
    }
    expect((await g.get(`${base}/${auditA}/comparison?with=${auditB}`)).status).toBe(404);
    // The audit list is A's only.
    expect((await g.get(base)).body.map((x: { id: string }) => x.id)).toEqual([auditA]);
    // A's secret under B's company id names nothing.
    const swapped = `${b.companyId}-${link.token.slice(link.token.indexOf('-') + 1)}`;
    expect((await g.get(`/api/seo/shared/${swapped}/audits/latest`)).status).toBe(404);
    // B can neither list nor revoke A's links.
    expect((await b.client.get('/api/seo/shares')).body.map((s: { id: string }) => s.id)).not.toContain(link.share.id);
    expect((await b.client.delete(`/api/seo/shares/${link.share.id}`)).status).toBe(404);
    expect((await g.get(`${base}/latest`)).status).toBe(200);
  });

  it('takes the spec’s sentences for bad input', async () => {
    const none = await a.client.post('/api/seo/shares', { modules: [] });
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.body)).toContain(auditShareMessages.chooseModule);
    const long = await a.client.post('/api/seo/shares', { modules: ['overview'], days: 31 });
    expect(long.status).toBe(422);
    expect(JSON.stringify(long.body)).toContain(auditShareMessages.days);
    expect((await a.client.post('/api/seo/shares', { modules: ['settings'] })).status).toBe(422);
    expect((await a.client.post('/api/seo/shares', { modules: ['overview'], email: 'nope' })).status).toBe(422);
  });

  it('is mailed through the mailer, limited per recipient', async () => {
    const to = uniqueEmail('guest');
    const link = await share(a, ['overview'], { email: to });
    expect(link.mail).toEqual({ sent: true, message: `Message sent to ${to}` });
    const mailed = linkIn(await waitForMail(to, /shared its website audit/));
    expect(mailed.href).toBe(link.url);
    for (let i = 0; i < 4; i++)
      expect((await a.client.post('/api/seo/shares', { modules: ['overview'], email: to })).status).toBe(201);
    const refused = await a.client.post('/api/seo/shares', { modules: ['overview'], email: to });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(auditShareMessages.tooManyMails);
  });
});

describe('company roles in the audit', () => {
  it('a client member is refused the Turned off tab, ignoring, turning off and guest links', async () => {
    const invitee = uniqueEmail('client');
    expect((await a.client.post(`/api/company/${a.companyId}/invite`, { email: invitee })).status).toBe(201);
    const inviteToken = linkIn(await waitForMail(invitee, /invited/))
      .pathname.split('/')
      .pop();
    const c = new TestClient();
    const reg = await c.post('/api/auth/register', {
      firstName: 'Cleo',
      lastName: 'Client',
      email: invitee,
      password: PASSWORD,
      subscribed: false,
      accept_terms: true,
      inviteToken,
    });
    expect(reg.status).toBe(201);
    expect((await c.post('/api/auth/login', { email: invitee, password: PASSWORD, inviteToken })).status).toBe(200);
    c.cookies.set('COMPANY_ID', String(a.companyId));
    const users = (await a.client.get('/api/company')).body.find((x: { id: number }) => x.id === a.companyId).users;
    const cId = users.find((u: { email: string }) => u.email === invitee).id as number;
    // The creator is the admin; who joins is a manager.
    expect(users.find((u: { email: string }) => u.email === a.email).role).toBe('admin');
    expect(users.find((u: { id: number }) => u.id === cId).role).toBe('manager');

    // Only an admin sets roles, and never their own.
    expect((await c.put(`/api/company/${a.companyId}/users/${a.profile.id}/role`, { role: 'client' })).status).toBe(
      403,
    );
    expect((await a.client.put(`/api/company/${a.companyId}/users/${cId}/role`, { role: 'client' })).status).toBe(204);
    const byClient = await c.put(`/api/company/${a.companyId}/users/${cId}/role`, { role: 'admin' });
    expect(byClient.status).toBe(403);
    expect(byClient.body.message).toBe(permissionRefusal('team'));
    const self = await a.client.put(`/api/company/${a.companyId}/users/${a.profile.id}/role`, { role: 'client' });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(teamMessages.ownRole);
    expect((await a.client.put(`/api/company/${a.companyId}/users/${cId}/role`, { role: 'boss' })).status).toBe(422);
    expect((await b.client.put(`/api/company/${a.companyId}/users/${cId}/role`, { role: 'admin' })).status).toBe(404);

    const refused = [
      await c.post('/api/seo/audits/latest/issues/http-4xx/ignore'),
      await c.delete('/api/seo/audits/latest/issues/http-4xx/ignore'),
      await c.get('/api/seo/audits/latest/issues?tab=off'),
      await c.get('/api/seo/audits/latest/issues/http-4xx?tab=off'),
      await c.put('/api/seo/audit/settings', { disabledChecks: ['http-4xx'] }),
      await c.get('/api/seo/shares'),
      await c.post('/api/seo/shares', { modules: ['overview'] }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(permissionRefusal('seo'));
    }
    // A client still reads the report, without learning which checks are turned off.
    const settings = (await a.client.get('/api/seo/audit/settings')).body;
    await a.client.put('/api/seo/audit/settings', { ...settings, disabledChecks: ['http-4xx'] });
    const asClient = await c.get('/api/seo/audits/latest/issues?tab=current');
    expect(asClient.status).toBe(200);
    expect(asClient.body.disabledChecks).toEqual([]);
    expect((await a.client.get('/api/seo/audits/latest/issues?tab=current')).body.disabledChecks).toEqual(['http-4xx']);
    await a.client.put('/api/seo/audit/settings', { ...settings, disabledChecks: [] });
    expect((await c.get('/api/seo/audits/latest')).status).toBe(200);

    // A manager configures the audit again.
    expect((await a.client.put(`/api/company/${a.companyId}/users/${cId}/role`, { role: 'manager' })).status).toBe(204);
    expect((await c.get('/api/seo/audits/latest/issues?tab=off')).status).toBe(200);
    expect((await c.get('/api/seo/shares')).status).toBe(200);
  });
});
