import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSettingsSchema } from '@shared/schemas/audit-settings';
import { SEO_CHECKS, type SeoCheckId } from '@shared/seo-checks';
import type { AuditAnalysis } from '../../functions/core/audit/report/audit-analysis';
import { auditInMemory } from '../support/audit-in-memory';
import { checkedPagesOf, compareIssue, type IssueHistory } from '../../functions/core/audit/checks/audit-history';
import type { CrawlState } from '../../functions/core/audit/crawl/crawl-state';
import { serveTestSite, type TestSite } from '../support/test-site';

/**
 * The issue history across audits of one site: audited, damaged as a bad deploy would (the
 * stylesheet gone, a page answering 500, broken links, two pages with issues now failing),
 * audited again, then repaired with fixes and audited a third time. New and fixed are judged
 * page by page, as finishAudit does with the same functions.
 */
let site: TestSite;
const settings = auditSettingsSchema.parse({ concurrency: 8, requestsPerSecond: 500 });

beforeAll(async () => {
  site = await serveTestSite({ https: true });
  process.env.FETCH_ALLOW = [site.origin, site.externalOrigin].map((o) => new URL(o).host).join(',');
});
afterAll(async () => {
  await site.close();
  delete process.env.FETCH_ALLOW;
});

interface Audit {
  analysis: AuditAnalysis;
  state: CrawlState;
}

const audit = (): Promise<Audit> => auditInMemory(site, settings);

/** Every check's history of `now` against `before`, as the finish task computes it. */
function compare(before: Audit, now: Audit): Map<SeoCheckId, IssueHistory> {
  const histories = new Map<SeoCheckId, IssueHistory>();
  for (const check of SEO_CHECKS) {
    const { history } = compareIssue(
      check.id,
      now.analysis.entries.get(check.id) ?? [],
      { urls: before.analysis.affected.get(check.id) ?? [], checked: checkedPagesOf(before.state) },
      checkedPagesOf(now.state),
    );
    histories.set(check.id, history);
  }
  return histories;
}

const newUrls = (h: Map<SeoCheckId, IssueHistory>, check: SeoCheckId) =>
  (h.get(check)?.entries ?? []).filter((e) => e.new).map((e) => e.url);
/** Timings move between two runs on a busy machine: a page slow once and not the next time is fixed, truly. */
const TIMED = new Set<string>(['slow-response', 'slow-page']);
const fixedUrls = (h: Map<SeoCheckId, IssueHistory>) =>
  [...h]
    .filter(([check]) => !TIMED.has(check))
    .flatMap(([check, history]) => history.fixed.map((url) => `${check} ${url}`));

describe('issue history when the site is damaged, then repaired', () => {
  let healthy: Audit;
  let damaged: Audit;
  let repaired: Audit;
  let afterDamage: Map<SeoCheckId, IssueHistory>;
  let afterRepair: Map<SeoCheckId, IssueHistory>;

  beforeAll(async () => {
    site.setVersion(1);
    site.damage(false);
    healthy = await audit();
    site.damage(true);
    damaged = await audit();
    site.damage(false);
    site.setVersion(2);
    repaired = await audit();
    site.setVersion(1);
    afterDamage = compare(healthy, damaged);
    afterRepair = compare(damaged, repaired);
  }, 120_000);

  it('the Health Score drops with the damage and comes back with the repair', () => {
    expect(damaged.analysis.score).toBeLessThan(healthy.analysis.score);
    expect(repaired.analysis.score).toBeGreaterThan(damaged.analysis.score);
  });

  it('shows the damage as new issues on the pages that were checked before', () => {
    expect(newUrls(afterDamage, 'css-broken')).toEqual(
      expect.arrayContaining([site.url('/'), site.url('/pricing/'), site.url('/contact/')]),
    );
    expect(newUrls(afterDamage, 'http-5xx')).toEqual([site.url('/about/'), site.url('/no-h1/')]);
    expect(newUrls(afterDamage, 'http-4xx')).toEqual([site.url('/no-description/')]);
    expect(newUrls(afterDamage, 'broken-internal-link')).toEqual(expect.arrayContaining([site.url('/pricing/')]));
    const pricing = damaged.analysis.entries.get('broken-internal-link')?.find((e) => e.url === site.url('/pricing/'));
    expect(pricing?.targets).toEqual([site.url('/menu-2019/'), site.url('/old-offers/')]);
  });

  it('the 404s behind the new broken links are current, not new: the crawl had never reached them', () => {
    expect(damaged.analysis.affected.get('http-4xx')).toContain(site.url('/menu-2019/'));
    expect(newUrls(afterDamage, 'http-4xx')).not.toContain(site.url('/menu-2019/'));
  });

  it('shows nothing as fixed: a page that broke has not fixed its missing description or H1', () => {
    expect(healthy.analysis.affected.get('description-missing')).toContain(site.url('/no-description/'));
    expect(fixedUrls(afterDamage)).toEqual([]);
  });

  it('after the repair, fixed means the page is there and the problem gone', () => {
    const fixed = fixedUrls(afterRepair);
    expect(fixed).toEqual(
      expect.arrayContaining([
        `http-5xx ${site.url('/about/')}`,
        `css-broken ${site.url('/')}`,
        `title-missing ${site.url('/no-title/')}`,
        `low-word-count ${site.url('/thin/')}`,
      ]),
    );
    // The description came back with the page, still missing: current again, neither fixed nor new.
    expect(fixed).not.toContain(`description-missing ${site.url('/no-description/')}`);
    expect(newUrls(afterRepair, 'description-missing')).toEqual([]);
    expect(repaired.analysis.affected.get('description-missing')).toContain(site.url('/no-description/'));
  });
});
