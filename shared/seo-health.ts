import type { Severity } from './seo-checks';

/** Spec 02 §9: Health Score ranges. */
export const HEALTH_BANDS = [
  { min: 90, name: 'Excellent' },
  { min: 80, name: 'Strong' },
  { min: 70, name: 'Decent' },
  { min: 40, name: 'Mediocre' },
  { min: 0, name: 'Poor' },
] as const;
export type HealthBand = (typeof HEALTH_BANDS)[number]['name'];

export function healthBand(score: number): HealthBand {
  const rounded = Math.round(score);
  return HEALTH_BANDS.find((band) => rounded >= band.min)?.name ?? 'Poor';
}

/**
 * The weights of the reference's anchors: an error takes 60% of what is left of a page's
 * health, a warning 40%, a notice nothing. A site-wide issue (no sitemap, no https redirect)
 * costs a flat 3 points (error) or 2 (warning) off the site's score.
 */
export const ERROR_WEIGHT = 0.6;
export const WARNING_WEIGHT = 0.4;
export const SITE_ERROR_COST = 3;
export const SITE_WARNING_COST = 2;

/** The error-level and warning-level checks one page fails. */
export interface PageIssues {
  errors: number;
  warnings: number;
}

export interface HealthInput {
  /** Pages of the site in the audit (crawled or refused by robots.txt). */
  pages: number;
  /** The pages that fail at least one error or warning check; every other page counts 100. */
  pagesWithIssues: Iterable<PageIssues>;
  /** Site-wide checks that failed, by severity. */
  siteErrors: number;
  siteWarnings: number;
}

/** One page's health, 0-100: each failed error check keeps 40% of it, each warning 60%. */
export const pageHealth = ({ errors, warnings }: PageIssues): number =>
  100 * (1 - ERROR_WEIGHT) ** errors * (1 - WARNING_WEIGHT) ** warnings;

/**
 * Health Score 0-100 (docs/features/website-audit-health-score.md): the average of the pages'
 * health less the flat cost of site-wide issues, rounded and clamped. Every issue weighs by its
 * severity and by the share of pages it is on, so any issue more or fewer moves the average:
 * a second error on a page already in error still costs, unlike a flat cost per page. A site
 * with an error or warning anywhere scores at most 99; a site with no pages scores 0.
 */
export function healthScore(input: HealthInput): number {
  if (input.pages <= 0) return 0;
  let lost = 0;
  let issues = input.siteErrors + input.siteWarnings;
  for (const page of input.pagesWithIssues) {
    if (page.errors + page.warnings === 0) continue;
    issues++;
    lost += 100 - pageHealth(page);
  }
  const score = 100 - lost / input.pages - input.siteErrors * SITE_ERROR_COST - input.siteWarnings * SITE_WARNING_COST;
  const rounded = Math.max(0, Math.min(100, Math.round(score)));
  return issues > 0 ? Math.min(rounded, 99) : rounded;
}

/** The order of severities, worst first (spec: errors high, warnings medium, notices low). */
export const SEVERITY_RANK: Record<Severity | 'success', number> = { error: 3, warning: 2, notice: 1, success: 0 };
