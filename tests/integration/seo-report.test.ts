import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import type { SeoReport } from '@shared/schemas/seo';
import { SEO_CATEGORIES } from '@shared/seo-checks';
import { waitForMail, type TestClient } from '../support/api-client';
import type { RuntimeProcess } from '../support/runtime';
import type { TestSite } from '../support/test-site';
import { eventually, signedInUserAt, startAuditRuntime } from '../support/test-site-runtime';
import { makePaid } from '../support/billing';

/**
 * The SEO report end to end on an embedded runtime of its own: the audit of a generated site
 * runs as the site-audit workflow (several short batches), the report is built from it, a
 * second audit after fixes compares, and the free-audit, one-run, website and tenant rules hold.
 */
let runtime: RuntimeProcess;
let site: TestSite;

beforeAll(async () => {
  ({ runtime, site } = await startAuditRuntime());
}, 120_000);
afterAll(async () => {
  await site.close();
  await runtime.stop();
});

const report = async (client: TestClient): Promise<SeoReport> => (await client.get('/api/seo/report')).body;
const auditEnded = (body: SeoReport) => !!body.audit && !['running', 'stopping'].includes(body.audit.status);

async function userWithWebsite(label: string, website = site.origin) {
  const user = await signedInUserAt(runtime.url, label);
  const saved = await user.client.patch('/api/company/company', { website });
  expect(saved.status).toBe(200);
  return user;
}

const prop = (body: { sections: { props: { id: string; value: number; status: string }[] }[] }, id: string) =>
  body.sections.flatMap((s) => s.props).find((p) => p.id === id);

describe('the SEO report', () => {
  let client: TestClient;
  let email: string;
  let first: SeoReport;

  beforeAll(async () => {
    site.setVersion(1);
    ({ client, email } = await userWithWebsite('seo'));
  }, 60_000);

  it("answers 'Website not registered' without a company website", async () => {
    const { client: bare } = await signedInUserAt(runtime.url, 'seo-bare');
    for (const res of [await bare.get('/api/seo/report'), await bare.post('/api/seo/report/recheck')]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.websiteNotRegistered);
    }
  });

  it('starts the first audit on the first visit, shows progress while it runs, then the finished report', async () => {
    const started = await report(client);
    expect(started.is_finished).toBe(false);
    expect(started.audit_time).toBeNull();
    expect(started.audit?.status).toBe('running');

    first = await eventually(() => report(client), auditEnded, 'the first audit');
    expect(first.audit?.status).toBe('finished');
    expect(first.is_finished).toBe(true);
    expect(first.partial).toBe(false);
    expect(first.audit_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(first.weighted_score_percent).toBeGreaterThan(0);
    expect(first.weighted_score_percent).toBeLessThan(100);
    expect(first.total_errors).toBeGreaterThan(0);
    expect(first.sections.map((s: { name: string }) => s.name)).toEqual(SEO_CATEGORIES.map((c) => c.name));
    expect(prop(first, 'http-4xx')).toMatchObject({ status: 'error' });
    expect(prop(first, 'http-4xx')?.value).toBeGreaterThanOrEqual(2);
    expect(prop(first, 'no-hsts')).toMatchObject({ value: 0, status: 'success' });
    expect(first.pageDataHistory['title-missing']).toEqual({ prev: 0, now: 1, new: 0, fixed: 0 });
  });

  it('ran as a loop of several crawl batches of the site-audit workflow', () => {
    expect(first.audit?.progress.batches).toBeGreaterThan(1);
    expect(first.audit?.progress.pages).toBeGreaterThan(30);
  });

  it('mails the user that the report is ready', async () => {
    const mail = await waitForMail(email, /Your SEO report is ready/, runtime.url);
    expect(mail.text).toContain('first audit');
  });

  it('lists the pages behind an issue', async () => {
    const res = await client.get('/api/seo/report/issues/http-4xx');
    expect(res.status).toBe(200);
    expect(res.body.urls).toContain(site.url('/missing/'));
    expect(res.body.total).toBe(prop(first, 'http-4xx')?.value);
    expect((await client.get('/api/seo/report/issues/no-such-check')).status).toBe(404);
  });

  it('needs a paid plan for a second audit in the same month (402)', async () => {
    const res = await client.post('/api/seo/report/recheck');
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('UPGRADE_REQUIRED');
    expect((await report(client)).free_audits_left).toBe(0);
  });

  it('after fixes, a recheck keeps the last report until it finishes, then reports fixed and new issues', async () => {
    await makePaid(client);
    site.setVersion(2);
    const started = await client.post('/api/seo/report/recheck');
    expect(started.status).toBe(202);
    const during = await report(client);
    expect(during.is_finished).toBe(true);
    expect(during.audit_time).toBe(first.audit_time);

    const second = await eventually(
      () => report(client),
      (body) => auditEnded(body) && body.audit?.id === started.body.id,
      'the second audit',
    );
    expect(second.audit?.status).toBe('finished');
    expect(second.pageDataHistory['title-missing']).toEqual({ prev: 1, now: 0, new: 0, fixed: 1 });
    expect(second.pageDataHistory['low-word-count']).toMatchObject({ fixed: 1 });
    expect(second.pageDataHistory['img-missing-alt']).toEqual({ prev: 1, now: 2, new: 1, fixed: 0 });
    expect(second.pageDataHistory['http-5xx']).toEqual({ prev: 1, now: 1, new: 0, fixed: 0 });
    site.setVersion(1);
  });

  it('runs one audit at a time: two rechecks at once start one (409 for the other)', async () => {
    const [a, b] = await Promise.all([client.post('/api/seo/report/recheck'), client.post('/api/seo/report/recheck')]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    await eventually(() => report(client), auditEnded, 'the raced audit');
  });

  it('stops a running audit, which ends as stopped with the spec’s restart advice and its own partial report', async () => {
    const before = await report(client);
    const started = await client.post('/api/seo/report/recheck');
    expect(started.status).toBe(202);
    // Stopped once it has crawled something, well before the site's 40-odd pages.
    await eventually(
      () => report(client),
      (body) => (body.audit?.progress.pages ?? 0) > 0,
      'the first crawled pages',
    );
    const stop = await client.post('/api/seo/audit/stop');
    expect(stop.status).toBe(200);
    expect(stop.body.status).toBe('stopping');
    const ended = await eventually(() => report(client), auditEnded, 'the stopped audit');
    expect(ended.audit).toMatchObject({ id: started.body.id, status: 'stopped', error: { kind: 'stopped' } });
    expect((await client.post('/api/seo/audit/stop')).status).toBe(409);

    // The report is the stopped audit's own, labelled partial: not the previous full audit.
    expect(ended.is_finished).toBe(true);
    expect(ended.partial).toBe(true);
    expect(ended.audit_time).toBe(ended.audit?.finishedAt);
    expect(ended.audit_time).not.toBe(before.audit_time);
    expect(ended.pages_crawled).toBeGreaterThan(0);
    expect(ended.pages_crawled).toBeLessThan(before.pages_crawled);
  });

  it('calls the report outdated once the website or a setting that shapes it changes, and current when they are back', async () => {
    const settings = async (body: Record<string, unknown>) =>
      expect((await client.put('/api/seo/audit/settings', body)).status).toBe(200);
    const website = async (url: string) =>
      expect((await client.patch('/api/company/company', { website: url })).status).toBe(200);
    expect((await report(client)).outdated).toBeNull();

    await settings({ notificationEmails: ['ops@example.com'] });
    expect((await report(client)).outdated).toBeNull();
    await settings({ maxDepth: 3 });
    expect((await report(client)).outdated).toBe('settings');
    await settings({});
    expect((await report(client)).outdated).toBeNull();

    await website(site.url('/blog/'));
    expect((await report(client)).outdated).toBe('website');
    await website(site.origin);
    expect((await report(client)).outdated).toBeNull();
  });

  it('does not let a member of another company read this company’s report', async () => {
    const { companyId } = await signedInUserAt(runtime.url, 'seo-owner-probe').then(async (owner) => {
      await owner.client.patch('/api/company/company', { website: site.origin });
      return owner;
    });
    const intruder = await signedInUserAt(runtime.url, 'seo-intruder');
    intruder.client.cookies.set('COMPANY_ID', String(companyId));
    for (const res of [
      await intruder.client.get('/api/seo/report'),
      await intruder.client.post('/api/seo/report/recheck'),
      await intruder.client.get('/api/seo/report/issues/http-4xx'),
    ]) {
      expect(res.status).toBe(403);
    }
  });
});

describe('audit errors and settings', () => {
  it('a home page that answers 404 ends the audit with the first-page error, without using the free audit', async () => {
    const { client } = await userWithWebsite('seo-404', site.url('/missing/'));
    const ended = await eventually(() => report(client), auditEnded, 'the failed audit');
    expect(ended.audit?.status).toBe('failed');
    expect(ended.audit?.error).toEqual({
      kind: 'first-page',
      message:
        'Your home page answered with HTTP status 404, so the audit could not start. Check that the page works and try again.',
    });
    expect(ended.is_finished).toBe(false);
    expect(ended.free_audits_left).toBe(1);
    // It ended at the home page: nothing the error page links to was crawled.
    expect(ended.audit?.progress.pages).toBeLessThanOrEqual(1);
  });

  it("refuses a URL prefix that does not start and end with / with the spec's sentence", async () => {
    const { client } = await signedInUserAt(runtime.url, 'seo-settings');
    const bad = await client.request('PUT', '/api/seo/audit/settings', { disallowPrefixes: ['blog/'] });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(messages.auditPrefixInvalid);
    const good = await client.request('PUT', '/api/seo/audit/settings', { disallowPrefixes: ['/blog/'], maxPages: 50 });
    expect(good.status).toBe(200);
    expect((await client.get('/api/seo/audit/settings')).body).toMatchObject({
      disallowPrefixes: ['/blog/'],
      maxPages: 50,
    });
  });
});
