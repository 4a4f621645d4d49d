import type { AuditUseCase, IssueSummary } from '@shared/schemas/seo-audit';
import type { SeoCheckId } from '@shared/seo-checks';
import { SEVERITY_RANK } from '@shared/seo-health';

/**
 * The overview's "most popular use cases" (spec 02 §2): the jobs people open a site audit for,
 * most asked for first, each answered from the audit's own checks. A use case points at its
 * check with the most issues, so one click opens the pages to fix. Issues ignored or turned off
 * are not counted, as in the issue report's Current tab.
 */
const USE_CASES: readonly { id: string; name: string; checks: readonly SeoCheckId[] }[] = [
  {
    id: 'broken-links',
    name: 'Find broken links and files',
    checks: [
      'broken-internal-link',
      'broken-external-link',
      'img-broken',
      'css-broken',
      'js-broken',
      'resource-broken',
    ],
  },
  {
    id: 'failing-pages',
    name: 'Find pages that do not load',
    checks: ['http-5xx', 'http-4xx', 'timeout', 'fetch-failed', 'soft-404'],
  },
  {
    id: 'titles',
    name: 'Fix titles and descriptions',
    checks: [
      'title-missing',
      'title-duplicate',
      'title-short',
      'title-long',
      'description-missing',
      'description-duplicate',
      'description-long',
      'description-short',
      'h1-missing',
    ],
  },
  {
    id: 'duplicates',
    name: 'Find duplicate content',
    checks: ['duplicate-content', 'near-duplicate-content', 'canonical-missing', 'canonical-broken'],
  },
  {
    id: 'indexing',
    name: 'Check what search engines can index',
    checks: ['noindex', 'x-robots-noindex', 'blocked-by-robots', 'sitemap-non-200', 'sitemap-not-indexable', 'orphan'],
  },
  {
    id: 'redirects',
    name: 'Clean up redirects',
    checks: ['redirect-loop', 'redirect-chain', 'redirect-temporary', 'redirect-share', 'canonical-redirect'],
  },
  {
    id: 'speed',
    name: 'Speed up slow pages',
    checks: ['slow-page', 'slow-response', 'img-large', 'css-too-large', 'js-too-large', 'resource-uncompressed'],
  },
];

/** The use cases from the issue report's Current tab. */
export function auditUseCases(current: readonly IssueSummary[]): AuditUseCase[] {
  const byCheck = new Map(current.map((issue) => [issue.check, issue]));
  return USE_CASES.map(({ id, name, checks }) => {
    let issues = 0;
    let top: IssueSummary | undefined;
    let worst: IssueSummary['severity'] | null = null;
    for (const check of checks) {
      const issue = byCheck.get(check);
      if (!issue?.current) continue;
      issues += issue.current;
      if (!top || issue.current > top.current) top = issue;
      if (!worst || SEVERITY_RANK[issue.severity] > SEVERITY_RANK[worst]) worst = issue.severity;
    }
    return { id, name, issues, check: top?.check ?? null, severity: worst };
  });
}
