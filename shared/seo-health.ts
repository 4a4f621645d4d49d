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

/** What one page costs the score: an error 60 points, a warning 20, notices nothing. */
export const PAGE_ERROR_COST = 60;
export const PAGE_WARNING_COST = 20;
/** A site-wide issue (no sitemap, too many redirects) costs a flat amount, as the anchors do. */
export const SITE_ERROR_COST = 3;
export const SITE_WARNING_COST = 2;

export interface HealthInput {
  /** Pages (crawled or refused URLs of the site) with at least one error-level issue. */
  pagesWithErrors: number;
  /** Pages whose worst issue is a warning. */
  pagesWithWarningsOnly: number;
  pages: number;
  /** Site-wide checks that failed, by severity. */
  siteErrors: number;
  siteWarnings: number;
}

/**
 * Health Score 0-100, in the spirit of the anchors (reference "Scores as the anchors compute
 * them"): each page starts at 100, loses 60 for having an error and 20 for a warning, the site
 * score is the pages' average minus a flat cost per site-wide issue, rounded and clamped.
 * A site with no pages (its first page failed) scores 0.
 */
export function healthScore(input: HealthInput): number {
  if (input.pages <= 0) return 0;
  const lost = input.pagesWithErrors * PAGE_ERROR_COST + input.pagesWithWarningsOnly * PAGE_WARNING_COST;
  const average = 100 - lost / input.pages;
  const score = average - input.siteErrors * SITE_ERROR_COST - input.siteWarnings * SITE_WARNING_COST;
  return Math.max(0, Math.min(100, Math.round(score)));
}

/** The order of severities, worst first (spec: errors high, warnings medium, notices low). */
export const SEVERITY_RANK: Record<Severity | 'success', number> = { error: 3, warning: 2, notice: 1, success: 0 };
