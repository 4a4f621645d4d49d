import { engagementWindow } from '@shared/report-periods';
import { SOCIAL_PLATFORMS } from '@shared/platforms';
import type { REPORT_PLATFORMS as REPORTED, ReportPlatform, ReportRow, Reports } from '@shared/schemas/reports';

/**
 * Figures read from GET /api/reports, shared by the dashboard's cards and the report page: the
 * audience (total followers at the end of a day), engagement sums and growth. Pure, so the unit
 * tests cover them; days are 'yyyy-MM-dd' strings, compared as text.
 */

export interface Engagement {
  likes: number;
  comments: number;
  shares: number;
}

/**
 * The reported platforms, in the app's order: the social ones (schemas/reports' REPORT_PLATFORMS).
 * Taken from platforms.ts, which every page has, rather than from the report schemas, which would
 * add the platform rules to the first load of the pages that show figures.
 */
export const REPORT_PLATFORMS: typeof REPORTED = SOCIAL_PLATFORMS;

const ZERO: Engagement = { likes: 0, comments: 0, shares: 0 };

/** A platform's rows in date order (the contract promises it; sorting keeps a late row honest). */
export function rowsOf(reports: Reports | undefined, platform: ReportPlatform): ReportRow[] {
  const rows = reports?.[platform] ?? [];
  return [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The rows from `from` to `to`, both included. */
export const rowsWithin = (rows: readonly ReportRow[], from: string, to: string) =>
  rows.filter((row) => row.date >= from && row.date <= to);

/** Likes, comments and shares summed over rows. */
export function sumEngagement(rows: readonly ReportRow[]): Engagement {
  return rows.reduce(
    (sum, row) => ({
      likes: sum.likes + row.likes,
      comments: sum.comments + row.comments,
      shares: sum.shares + row.shares,
    }),
    ZERO,
  );
}

export const addEngagement = (a: Engagement, b: Engagement): Engagement => ({
  likes: a.likes + b.likes,
  comments: a.comments + b.comments,
  shares: a.shares + b.shares,
});

/** The dashboard asks for one week and today: the engagement window (7 days ending yesterday) and the latest audience. */
export function dashboardRange(today: string): { from: string; to: string } {
  return { from: engagementWindow(today).from, to: today };
}

/** What the dashboard's Total Followers and Engagement cards show; undefined when nothing was collected. */
export interface DashboardFigures {
  /** Sum of each platform's latest total followers (up to today), and who contributes. */
  followers?: { total: number; platforms: { platform: ReportPlatform; total: number; date: string }[] };
  /** Likes, comments and shares over the 7 days ending yesterday (spec 01 §9). */
  engagement?: Engagement;
}

export function dashboardFigures(reports: Reports | undefined, today: string): DashboardFigures {
  const window = engagementWindow(today);
  const platforms: NonNullable<DashboardFigures['followers']>['platforms'] = [];
  let engagement: Engagement | undefined;
  for (const platform of REPORT_PLATFORMS) {
    const rows = rowsOf(reports, platform);
    const latest = rowsWithin(rows, '0000-01-01', today).at(-1);
    if (latest) platforms.push({ platform, total: latest.totalFollowers, date: latest.date });
    const week = rowsWithin(rows, window.from, window.to);
    if (week.length) engagement = addEngagement(engagement ?? ZERO, sumEngagement(week));
  }
  return {
    followers: platforms.length ? { total: platforms.reduce((sum, p) => sum + p.total, 0), platforms } : undefined,
    engagement,
  };
}

const counts = new Intl.NumberFormat('en-US');
const percents = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
const signedCounts = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero' });

/** 12345 → '12,345'. */
export const formatCount = (count: number) => counts.format(count);

/** 60 → '+60', -3 → '-3', 0 → '0'. */
export const formatChange = (change: number) => signedCounts.format(change);

/** growthPercent's answer as text: '+12.5%', '-3.25%', '0%', and '∞' when the start was 0 (spec 01 §9). */
export function formatGrowth(growth: number): string {
  if (growth === Infinity) return '∞';
  if (growth === -Infinity) return '-∞';
  return `${percents.format(growth)}%`;
}
