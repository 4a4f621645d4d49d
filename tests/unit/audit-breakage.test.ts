import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import type { AuditAnalysis } from '../../functions/core/audit/report/audit-analysis';
import { auditInMemory } from '../support/audit-in-memory';
import { serveTestSite, type TestSite } from '../support/test-site';

/**
 * A site that breaks must not score better: the test site with an events page linked with 300
 * query-string copies of itself, audited, then damaged as a bad deploy would (the stylesheet
 * gone, pages answering 500 and 404, the events page and all its copies answering 500).
 */
const COPIES = 300;
let site: TestSite;
let healthy: AuditAnalysis;
let damaged: AuditAnalysis;
const settings = auditSettingsSchema.parse({ concurrency: 8, requestsPerSecond: 500 });

const audit = async () => (await auditInMemory(site, settings)).analysis;

beforeAll(async () => {
  site = await serveTestSite({ https: true, copies: COPIES });
  process.env.FETCH_ALLOW = [site.origin, site.externalOrigin].map((o) => new URL(o).host).join(',');
  healthy = await audit();
  site.damage(true);
  damaged = await audit();
  site.damage(false);
}, 120_000);
afterAll(async () => {
  await site.close();
  delete process.env.FETCH_ALLOW;
});

describe('an audit of a site that broke', () => {
  it('crawled every copy both times', () => {
    expect(healthy.pages).toBeGreaterThan(COPIES);
    expect(damaged.pages).toBeGreaterThan(COPIES);
  });

  it('scores no better, and counts no fewer errors', () => {
    expect(damaged.score).toBeLessThan(healthy.score);
    expect(damaged.totals.errors).toBeGreaterThan(healthy.totals.errors);
  });

  it('counts the stylesheet gone on every page that loads it', () => {
    expect(healthy.checks['css-broken'].count).toBeLessThan(damaged.checks['css-broken'].count);
    expect(damaged.affected.get('css-broken')).toEqual(
      expect.arrayContaining([site.url('/'), site.url('/pricing/'), site.url('/contact/')]),
    );
  });

  it('lists the events page once with its copies, healthy or broken', () => {
    const copiesOf = (analysis: AuditAnalysis, check: 'title-duplicate' | 'http-5xx') =>
      analysis.entries.get(check)?.filter((e) => e.url.startsWith(site.url('/events/')));
    expect(copiesOf(healthy, 'title-duplicate')).toEqual([
      { url: site.url('/events/'), group: expect.any(String), copies: COPIES },
    ]);
    expect(copiesOf(damaged, 'http-5xx')).toEqual([{ url: site.url('/events/'), copies: COPIES }]);
  });
});
