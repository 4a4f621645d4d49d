import { describe, expect, it } from 'vitest';
import type { IssueSummary } from '@shared/schemas/seo-audit';
import { auditUseCases } from '../../functions/core/audit/report/audit-use-cases';

const issue = (check: string, severity: IssueSummary['severity'], current: number): IssueSummary => ({
  check,
  name: check,
  category: 'links',
  severity,
  description: '',
  how_to_fix: '',
  current,
  new: 0,
  fixed: 0,
});

describe('the overview’s most popular use cases', () => {
  it('adds up each use case’s issues and opens its check with the most of them', () => {
    const cases = auditUseCases([
      issue('broken-external-link', 'warning', 2),
      issue('css-broken', 'error', 40),
      issue('http-5xx', 'error', 3),
    ]);
    expect(cases[0]).toEqual({
      id: 'broken-links',
      name: 'Find broken links and files',
      issues: 42,
      check: 'css-broken',
      severity: 'error',
    });
    expect(cases[1]).toMatchObject({ id: 'failing-pages', issues: 3, check: 'http-5xx' });
  });

  it('says there is nothing to fix when none of its checks has issues (ignored ones are not in the Current tab)', () => {
    const cases = auditUseCases([]);
    expect(cases).toHaveLength(7);
    expect(cases.every((c) => c.issues === 0 && c.check === null && c.severity === null)).toBe(true);
  });
});
