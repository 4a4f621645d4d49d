import { describe, expect, it } from 'vitest';
import { healthBand, healthScore, pageHealth, type PageIssues } from '@shared/seo-health';

/** `count` pages with the same errors and warnings. */
const pages = (count: number, issues: PageIssues): PageIssues[] => Array.from({ length: count }, () => issues);
const score = (total: number, withIssues: PageIssues[], site: { errors?: number; warnings?: number } = {}) =>
  healthScore({
    pages: total,
    pagesWithIssues: withIssues,
    siteErrors: site.errors ?? 0,
    siteWarnings: site.warnings ?? 0,
  });

describe('a page’s health', () => {
  it('keeps 40% for each error and 60% for each warning', () => {
    expect(pageHealth({ errors: 0, warnings: 0 })).toBe(100);
    expect(pageHealth({ errors: 1, warnings: 0 })).toBeCloseTo(40);
    expect(pageHealth({ errors: 0, warnings: 1 })).toBeCloseTo(60);
    expect(pageHealth({ errors: 2, warnings: 0 })).toBeCloseTo(16);
    expect(pageHealth({ errors: 1, warnings: 1 })).toBeCloseTo(24);
  });
});

describe('the Health Score at its edges (docs/features/website-audit-health-score.md)', () => {
  it('is 0 without pages and 100 for a site without errors or warnings', () => {
    expect(score(0, [])).toBe(0);
    expect(score(50, [])).toBe(100);
    // Notices are not part of the score: a page with none but notices is not listed.
    expect(score(50, pages(50, { errors: 0, warnings: 0 }))).toBe(100);
  });

  it('weighs an issue by the share of pages it is on', () => {
    expect(score(100, pages(10, { errors: 1, warnings: 0 }))).toBe(94);
    expect(score(100, pages(50, { errors: 1, warnings: 0 }))).toBe(70);
    expect(score(100, pages(100, { errors: 1, warnings: 0 }))).toBe(40);
    expect(score(100, pages(100, { errors: 0, warnings: 1 }))).toBe(60);
  });

  it('drops when a site already in error everywhere gets worse (the flat cost per page did not)', () => {
    // Served over plain HTTP: one error on each of 524 pages.
    const http = score(524, pages(524, { errors: 1, warnings: 0 }));
    // Then the stylesheet goes missing on all of them, one page answers 500 and three more have broken links.
    const damaged = score(524, [
      ...pages(520, { errors: 2, warnings: 0 }),
      { errors: 2, warnings: 0 },
      ...pages(3, { errors: 3, warnings: 0 }),
    ]);
    expect(http).toBe(40);
    expect(damaged).toBe(16);
    expect(damaged).toBeLessThan(http);
  });

  it('counts a page that could not be loaded as the worst page: 0, whatever it failed before', () => {
    expect(pageHealth({ errors: 1, warnings: 0, unloaded: true })).toBe(0);
    expect(pageHealth({ errors: 0, warnings: 0, unloaded: true })).toBe(0);
    expect(score(100, pages(10, { errors: 1, warnings: 0, unloaded: true }))).toBe(90);
    // Not even listed as having issues, a page that did not load still costs and caps the score.
    expect(score(10_000, [{ errors: 0, warnings: 0, unloaded: true }])).toBe(99);
  });

  it('never rises when pages stop loading, however many issues they had', () => {
    const issues = [
      { errors: 0, warnings: 0 },
      { errors: 0, warnings: 3 },
      { errors: 6, warnings: 9 },
      { errors: 40, warnings: 40 },
    ];
    for (const before of issues) {
      const site = [...pages(20, before), ...pages(30, { errors: 1, warnings: 1 })];
      const broken = [
        ...pages(20, { errors: 1, warnings: 0, unloaded: true }),
        ...pages(30, { errors: 1, warnings: 1 }),
      ];
      expect(score(60, broken)).toBeLessThanOrEqual(score(60, site));
    }
  });

  it('moves with every issue more or fewer: one more warning on one page of 20 costs a point', () => {
    const before = score(20, pages(5, { errors: 0, warnings: 1 }));
    const after = score(20, [...pages(5, { errors: 0, warnings: 1 }), { errors: 0, warnings: 1 }]);
    expect(before - after).toBe(2);
  });

  it('takes a flat 3 points per site-wide error and 2 per warning, and stays within 0-100', () => {
    expect(score(10, [], { errors: 1 })).toBe(97);
    expect(score(10, [], { warnings: 1 })).toBe(98);
    expect(score(10, pages(10, { errors: 5, warnings: 5 }), { errors: 50 })).toBe(0);
  });

  it('is never 100 while an error or warning is left, however large the site', () => {
    expect(score(10_000, pages(1, { errors: 0, warnings: 1 }))).toBe(99);
    expect(score(10, [], { warnings: 0, errors: 0 })).toBe(100);
  });

  it.each([
    [39, 'Poor'],
    [40, 'Mediocre'],
    [69, 'Mediocre'],
    [70, 'Decent'],
    [80, 'Strong'],
    [90, 'Excellent'],
  ])('%i falls in the spec’s band %s', (value, band) => {
    expect(healthBand(value)).toBe(band);
  });
});
