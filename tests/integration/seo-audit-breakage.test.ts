import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeoReport } from '@shared/schemas/seo';
import type { TestClient } from '../support/api-client';
import { makePaid } from '../support/billing';
import type { RuntimeProcess } from '../support/runtime';
import type { TestSite } from '../support/test-site';
import { eventually, signedInUserAt, startAuditRuntime } from '../support/test-site-runtime';

/**
 * Breaking a site never raises its Health Score, over HTTP on a runtime of its own: the test
 * site with an events page that a calendar links with 100 query-string copies, audited; then
 * damaged as a bad deploy would (the stylesheet gone on every page, /about/ and /no-h1/
 * answering 500, the events page and all its copies answering 500) and audited again.
 */
const COPIES = 100;
let runtime: RuntimeProcess;
let site: TestSite;
let client: TestClient;
let first: SeoReport;
let second: SeoReport;

const report = async (): Promise<SeoReport> => (await client.get('/api/seo/report')).body;
const ended = (body: SeoReport) => !!body.audit && !['running', 'stopping'].includes(body.audit.status);

beforeAll(async () => {
  ({ runtime, site } = await startAuditRuntime(3000, { copies: COPIES }));
  ({ client } = await signedInUserAt(runtime.url, 'audit-breakage'));
  const settings = (await client.get('/api/seo/audit/settings')).body;
  expect((await client.put('/api/seo/audit/settings', { ...settings, requestsPerSecond: 200 })).status).toBe(200);
  expect((await client.patch('/api/company/company', { website: site.origin })).status).toBe(200);
  await report();
  first = await eventually(report, ended, 'the first audit', 120_000);
  expect(first.audit?.status).toBe('finished');
  await makePaid(client);
  site.damage(true);
  const started = await client.post('/api/seo/report/recheck');
  expect(started.status).toBe(202);
  second = await eventually(
    report,
    (body) => ended(body) && body.audit?.id === started.body.id,
    'the audit of the damaged site',
    120_000,
  );
  site.damage(false);
}, 300_000);
afterAll(async () => {
  site.damage(false);
  await site.close();
  await runtime.stop();
});

describe('an audit of the site after it broke', () => {
  it('crawled the copies both times', async () => {
    const list = (await client.get('/api/seo/audits')).body as { pages: number }[];
    expect(list.every((audit) => audit.pages > COPIES)).toBe(true);
  });

  it('scores no higher and counts no fewer errors', () => {
    expect(second.audit?.status).toBe('finished');
    expect(second.weighted_score_percent).toBeLessThan(first.weighted_score_percent);
    expect(second.total_errors).toBeGreaterThan(first.total_errors);
  });

  it('shows the stylesheet gone and the pages failing as new issues', async () => {
    const fresh = (await client.get('/api/seo/audits/latest/issues?tab=new')).body.issues;
    const byCheck = Object.fromEntries(fresh.map((i: { check: string; new: number }) => [i.check, i.new]));
    expect(byCheck['css-broken']).toBeGreaterThan(5);
    expect(byCheck['http-5xx']).toBe(3);
  });

  it('a first audit has no change since an audit before it; the second says how far each issue moved', async () => {
    const firstIssues = (await client.get(`/api/seo/audits/${first.audit?.id}/issues`)).body.issues;
    expect(firstIssues.length).toBeGreaterThan(0);
    expect(firstIssues.filter((i: { change?: number }) => 'change' in i)).toEqual([]);
    const secondIssues = (await client.get('/api/seo/audits/latest/issues')).body.issues;
    const css = secondIssues.find((i: { check: string }) => i.check === 'css-broken');
    expect(css.change).toBe(css.new);
  });

  it('lists the events page once with the number of its copies', async () => {
    const failing = (await client.get('/api/seo/audits/latest/issues/http-5xx')).body;
    // /server-error/ answered 500 before the damage too.
    expect(failing.total).toBe(4);
    expect(failing.items).toContainEqual({ url: site.url('/events/'), status: 'new', copies: COPIES });
    const pages = (await client.get('/api/seo/audits/latest/pages?search=/events/&limit=1')).body;
    expect(pages.total).toBe(COPIES + 1);
  });
});
