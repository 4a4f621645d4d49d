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
const ERROR_WEIGHT = 0.6;
const WARNING_WEIGHT = 0.4;
const SITE_ERROR_COST = 3;
const SITE_WARNING_COST = 2;

/** The error-level and warning-level checks one page fails. */
export interface PageIssues {
  errors: number;
  warnings: number;
  /**
   * The page could not be loaded (an error status, a timeout, no connection): none of the checks
   * that read a page could run on it, so it counts as failing them all, the worst page there is.
   * Otherwise a page that breaks would trade its issues for one and raise the score.
   */
  unloaded?: boolean;
}

export interface HealthInput {
  /** Pages of the site in the audit (crawled or refused by robots.txt), a page's query-string copies counted once. */
  pages: number;
  /** The pages that fail at least one error or warning check, or could not be loaded; every other page counts 100. */
  pagesWithIssues: Iterable<PageIssues>;
  /** Site-wide checks that failed, by severity. */
  siteErrors: number;
  siteWarnings: number;
}

/** One page's health, 0-100: each failed error check keeps 40% of it, each warning 60%; a page that did not load, 0. */
export const pageHealth = ({ errors, warnings, unloaded }: PageIssues): number =>
  unloaded ? 0 : 100 * (1 - ERROR_WEIGHT) ** errors * (1 - WARNING_WEIGHT) ** warnings;

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
    if (page.errors + page.warnings === 0 && !page.unloaded) continue;
    issues++;
    lost += 100 - pageHealth(page);
  }
  const score = 100 - lost / input.pages - input.siteErrors * SITE_ERROR_COST - input.siteWarnings * SITE_WARNING_COST;
  const rounded = Math.max(0, Math.min(100, Math.round(score)));
  return issues > 0 ? Math.min(rounded, 99) : rounded;
}

/** The order of severities, worst first (spec: errors high, warnings medium, notices low). */
export const SEVERITY_RANK: Record<Severity | 'success', number> = { error: 3, warning: 2, notice: 1, success: 0 };
