import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/report-periods';
import { calendarMessages } from '@shared/schemas/calendar';
import type { Post } from '@shared/schemas/calendar';
import type { Reports } from '@shared/schemas/reports';
import { recentAudits } from '../../functions/core/audit/audit-store';
import { signedInUser, type TestClient } from '../support/api-client';
import { platformSandboxOrigin } from '../support/app-connect';
import { useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * A fresh demo is alive wherever the side menu leads: its SEO report is current (its audits are
 * of the company's site as the report names it), its trial opens the paid features, and deleting
 * the demo data takes its report figures with it.
 */

beforeAll(() => {
  // The audits are read as stored, in-process against the suite's runtime.
  useSuiteRuntimeEnv();
});

async function freshDemo(label: string): Promise<{ client: TestClient; companyId: number }> {
  const { client } = await signedInUser(label);
  const res = await client.post('/api/company', { name: 'Demo Bakery', demo: true });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const companyId = res.body.id as number;
  client.cookies.set('COMPANY_ID', String(companyId));
  // The sample history is written by a job within seconds: its audits come last.
  await expect
    .poll(
      async () =>
        ((await client.get('/api/seo/audits')).body as { status: string }[]).filter((a) => a.status === 'finished')
          .length,
      { timeout: 60_000, interval: 250 },
    )
    .toBe(2);
  return { client, companyId };
}

const today = () => new Date().toISOString().slice(0, 10);
const reportRows = async (client: TestClient) => {
  const res = await client.get<Reports>(`/api/reports?from=${addDays(today(), -30)}&to=${today()}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.values(res.body).reduce((sum, rows) => sum + rows.length, 0);
};

describe('a fresh demo company', () => {
  it('has a finished SEO report that is not outdated: its audits are of the address the report names', async () => {
    const { client, companyId } = await freshDemo('demo-alive-seo');
    const report = await client.get('/api/seo/report');
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body).toMatchObject({ is_finished: true, outdated: null });
    const company = (await client.get('/api/company')).body.find((c: { id: number }) => c.id === companyId);
    const stored = await recentAudits(companyId);
    expect(stored).toHaveLength(2);
    for (const audit of stored) expect(audit.website).toBe(new URL(company.website as string).href);
  });

  it('has its apps connected to the stand-ins: every social platform, WordPress, Search Console on its website, and a Business Profile with a location and reviews', async () => {
    const { client, companyId } = await freshDemo('demo-alive-apps');
    for (const platform of ['facebook', 'instagram', 'threads', 'linkedin'] as const) {
      const status = await client.get(`/api/integrations/${platform}/status`);
      expect(status.body, platform).toMatchObject({ connected: true, profile: { name: expect.any(String) } });
    }

    // WordPress: the stand-in's site, its application password good for the site's own terms.
    const wordpressSite = await platformSandboxOrigin((await signedInUser('demo-alive-apps-site')).client);
    expect((await client.get('/api/integrations/wordpress/status')).body).toEqual({
      connected: true,
      profile: { id: wordpressSite, name: 'Sandbox Blog' },
    });
    const terms = await client.get('/api/integrations/wordpress/terms');
    expect(terms.status, JSON.stringify(terms.body)).toBe(200);
    expect(terms.body).toMatchObject({ categories: expect.any(Array), tags: expect.any(Array) });

    // Search Console: the demo's own website is its property, one Google lists for the account.
    const company = (await client.get('/api/company')).body.find((c: { id: number }) => c.id === companyId);
    const property = new URL(company.website as string).href;
    expect((await client.get('/api/integrations/search-console/status')).body).toEqual({
      connected: true,
      profile: { id: property, name: property },
    });
    expect((await client.get('/api/integrations/search-console/website')).body).toEqual({ url: property });
    const websites = await client.post<{ url: string }[]>('/api/integrations/search-console/websites');
    expect(websites.status, JSON.stringify(websites.body)).toBe(200);
    expect(websites.body).toContainEqual({ url: property, permissionLevel: 'siteOwner' });
    // That property proves the website is the demo's: the SEO report does not ask it to verify.
    expect((await client.get('/api/seo/site-ownership')).body).toMatchObject({
      host: new URL(property).host,
      verified: true,
      method: 'search-console',
    });

    expect((await client.get('/api/business/status')).body).toMatchObject({ connected: true, account: {} });
    const locations = await client.get<{ id: string }[]>('/api/business/locations');
    expect(locations.status, JSON.stringify(locations.body)).toBe(200);
    expect(locations.body.length).toBeGreaterThan(0);
    const location = encodeURIComponent(locations.body[0]!.id.replace(/^locations\//, ''));
    const reviews = await client.get<{ reviews?: unknown[] }>(`/api/business/locations/${location}/reviews`);
    expect(reviews.status, JSON.stringify(reviews.body)).toBe(200);
    expect(JSON.stringify(reviews.body)).toContain('comment');
  });

  it('publishes nothing to its connected WordPress: Publish Now of its blog post is refused, and the site gets no post from it', async () => {
    const { client } = await freshDemo('demo-alive-no-publish');
    expect((await client.get('/api/integrations/wordpress/status')).body).toMatchObject({ connected: true });
    const posts = (await client.get<Post[]>('/api/calendar/list')).body;
    const article = posts.find((p) => p.platform === 'wordpress' && p.status === 'scheduled');
    expect(article, 'a scheduled journal article').toBeDefined();
    const refused = await client.patch(`/api/calendar/${article!.id}`, { action: 'publish' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.message).toBe(calendarMessages.demoNoPublishing);
    const site = await platformSandboxOrigin((await signedInUser('demo-alive-no-publish-site')).client);
    // A read just before the site's log is read, so the log holds the demo's calls however busy it is.
    expect((await client.get('/api/integrations/wordpress/terms')).status).toBe(200);
    const { requests } = (await (await fetch(`${site}/__sandbox/wordpress/requests`)).json()) as {
      requests: { method: string; route?: string; user?: string }[];
    };
    // Every demo signs in to the stand-in as the same WordPress user, and no demo ever posts.
    const fromDemos = requests.filter((r) => r.user === 'harbourside');
    expect(fromDemos.length).toBeGreaterThan(0);
    expect(fromDemos.filter((r) => r.method === 'POST' && /^\/wp\/v2\/(posts|media)/.test(r.route ?? ''))).toEqual([]);
  });

  it('generates and saves keywords on its trial (no 402)', async () => {
    const { client } = await freshDemo('demo-alive-keywords');
    const generate = await client.post('/api/seo/keywords/generate');
    expect(generate.status, JSON.stringify(generate.body)).toBe(202);
    const save = await client.post('/api/seo/keywords', ['sourdough bakery bristol']);
    expect(save.status, JSON.stringify(save.body)).toBe(200);
  });

  it('loses its report figures with its demo data, and gets them back with Refresh report', async () => {
    const { client } = await freshDemo('demo-alive-reset');
    expect(await reportRows(client)).toBeGreaterThan(100);
    expect((await client.post('/api/company/recreate')).status).toBe(204);
    // The dashboard's followers and engagement and the report read the same answer.
    expect(await reportRows(client)).toBe(0);
    expect((await client.post('/api/reports/demo/refresh')).status).toBe(204);
    await expect.poll(() => reportRows(client), { timeout: 60_000, interval: 250 }).toBeGreaterThan(100);
  });
});
