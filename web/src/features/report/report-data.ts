import { PLATFORM_LABELS } from '@shared/platforms';
import { addDays, growthPercent, periodContaining, REPORT_PERIODS, type ReportPeriod } from '@shared/report-periods';
import type { ReportPlatform, Reports } from '@shared/schemas/reports';
import { formatInZone } from '@/lib/format-date';
import {
  addEngagement,
  REPORT_PLATFORMS,
  formatCount,
  rowsOf,
  rowsWithin,
  sumEngagement,
  type Engagement,
} from '@/api/reports/report-figures';

/**
 * The report page's state and figures (spec 01 §2 "Reports (/report)"): the platforms and the
 * period from the address, the days asked for, and what the cards, the chart and the tables show.
 */

/** `?platforms=facebook,instagram&period=quarter`: what the page shows, so a link opens the same report. */
export interface ReportSelection {
  /** The chosen platforms in the app's order; every one when 'All' is chosen. */
  platforms: ReportPlatform[];
  /** 'All': no platform singled out. */
  all: boolean;
  period: ReportPeriod;
}

const isPlatform = (value: string): value is ReportPlatform => (REPORT_PLATFORMS as readonly string[]).includes(value);
const isPeriod = (value: string | null): value is ReportPeriod =>
  value !== null && (REPORT_PERIODS as readonly string[]).includes(value);

/** Reads the address; anything unknown falls back to every platform and the month. */
export function readSelection(params: URLSearchParams): ReportSelection {
  const named = new Set((params.get('platforms') ?? '').split(',').filter(isPlatform));
  const platforms = REPORT_PLATFORMS.filter((p) => named.has(p));
  const period = params.get('period');
  const all = platforms.length === 0 || platforms.length === REPORT_PLATFORMS.length;
  return { platforms: all ? [...REPORT_PLATFORMS] : platforms, all, period: isPeriod(period) ? period : 'month' };
}

/** The address of a selection; the defaults (All, month) are left out. */
export function selectionSearch({ platforms, all, period }: ReportSelection): string {
  const params = new URLSearchParams();
  if (!all) params.set('platforms', platforms.join(','));
  if (period !== 'month') params.set('period', period);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A toggle pressed: 'All' chooses every platform; a platform goes in or out, and none left is All. */
export function toggle(selection: ReportSelection, platform: ReportPlatform | 'all'): ReportSelection {
  if (platform === 'all') return { ...selection, platforms: [...REPORT_PLATFORMS], all: true };
  const chosen = selection.all ? [] : selection.platforms;
  const next = chosen.includes(platform) ? chosen.filter((p) => p !== platform) : [...chosen, platform];
  const platforms = REPORT_PLATFORMS.filter((p) => next.includes(p));
  const all = platforms.length === 0 || platforms.length === REPORT_PLATFORMS.length;
  return { ...selection, platforms: all ? [...REPORT_PLATFORMS] : platforms, all };
}

/** The days a period report covers and asks for. */
export interface ReportRange {
  period: ReportPeriod;
  /** The period's first and last days (the calendar month, quarter or year holding today). */
  first: string;
  last: string;
  /** The days shown: the period up to today. */
  from: string;
  to: string;
  /** The days asked for: the day before the period too, whose audience is where the period starts. */
  query: { from: string; to: string };
}

export function reportRange(period: ReportPeriod, today: string): ReportRange {
  const { from: first, to: last } = periodContaining(period, today);
  const to = last < today ? last : today;
  return { period, first, last, from: first, to, query: { from: addDays(first, -1), to } };
}

/**
 * The period to show when the one holding today has no figures yet but the day before it has:
 * the period just before, whole (on the first of a month, Month shows last month rather than
 * nothing, since a day's figures are collected once it has ended). Undefined otherwise: a
 * period with figures is shown as it is, and a company with none at all is still collecting.
 */
export function earlierRange(
  reports: Reports | undefined,
  platforms: readonly ReportPlatform[],
  range: ReportRange,
): ReportRange | undefined {
  if (!reports) return undefined;
  const before = addDays(range.from, -1);
  const chosen = platforms.map((platform) => rowsOf(reports, platform));
  if (chosen.some((rows) => rowsWithin(rows, range.from, range.to).length)) return undefined;
  if (!chosen.some((rows) => rowsWithin(rows, before, before).length)) return undefined;
  return reportRange(range.period, before);
}

/** A calendar day written with a date-fns pattern ('d MMM' → 5 Mar): the day itself, in no zone's offset. */
export const formatDay = (day: string, pattern: string) => formatInZone(`${day}T12:00:00Z`, pattern, 'UTC');

/** 'March 2026', 'Q1 2026' or '2026'. */
export function periodName({ period, first }: Pick<ReportRange, 'period' | 'first'>): string {
  if (period === 'month') return formatDay(first, 'MMMM yyyy');
  if (period === 'year') return first.slice(0, 4);
  return `Q${Math.floor((Number(first.slice(5, 7)) - 1) / 3) + 1} ${first.slice(0, 4)}`;
}

/** '1 Mar – 15 Mar 2026': the days the report covers. */
export const daysName = ({ from, to }: Pick<ReportRange, 'from' | 'to'>) =>
  from === to ? formatDay(from, 'd MMM yyyy') : `${formatDay(from, 'd MMM')} – ${formatDay(to, 'd MMM yyyy')}`;

/** One platform over the period. */
interface PlatformFigures {
  platform: ReportPlatform;
  /** Total followers where the period starts: at the end of the day before it, else on the first day counted. */
  start: number;
  /** Total followers on the last day counted. */
  end: number;
  /** growthPercent(start, end): 2 decimals, Infinity from 0. */
  growth: number;
  engagement: Engagement;
}

export interface ReportSummary {
  /** The chosen platforms with figures in the period, in the app's order. */
  platforms: PlatformFigures[];
  /** The chosen platforms with no figures in the period yet. */
  missing: ReportPlatform[];
  /** Every platform's figures together (start, end and growth of the sums). */
  total: { start: number; end: number; growth: number; engagement: Engagement };
  /** The chart: every day from the first to the last with figures, and each platform's total followers on it. */
  days: string[];
  followers: { platform: ReportPlatform; values: (number | null)[] }[];
}

/** Every day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export function summarize(
  reports: Reports | undefined,
  platforms: readonly ReportPlatform[],
  range: ReportRange,
): ReportSummary {
  const figures: PlatformFigures[] = [];
  const missing: ReportPlatform[] = [];
  const perDay = new Map<ReportPlatform, Map<string, number>>();
  let firstDay: string | undefined;
  let lastDay: string | undefined;
  for (const platform of REPORT_PLATFORMS.filter((p) => platforms.includes(p))) {
    const rows = rowsOf(reports, platform);
    const shown = rowsWithin(rows, range.from, range.to);
    const first = shown[0];
    const last = shown.at(-1);
    if (!first || !last) {
      missing.push(platform);
      continue;
    }
    const before = rowsWithin(rows, range.query.from, addDays(range.from, -1)).at(-1);
    const start = before?.totalFollowers ?? first.totalFollowers;
    figures.push({
      platform,
      start,
      end: last.totalFollowers,
      growth: growthPercent(start, last.totalFollowers),
      engagement: sumEngagement(shown),
    });
    // A period of one day so far (the 2nd of a month) is drawn from the day before it, where its
    // audience starts: a line needs two days, and the growth shown is from that day.
    const drawn = before && shown.length === 1 ? [before, ...shown] : shown;
    perDay.set(platform, new Map(drawn.map((row) => [row.date, row.totalFollowers])));
    const drawnFrom = drawn[0]?.date ?? first.date;
    if (!firstDay || drawnFrom < firstDay) firstDay = drawnFrom;
    if (!lastDay || last.date > lastDay) lastDay = last.date;
  }
  const start = figures.reduce((sum, f) => sum + f.start, 0);
  const end = figures.reduce((sum, f) => sum + f.end, 0);
  const days = firstDay && lastDay ? daysOf(firstDay, lastDay) : [];
  return {
    platforms: figures,
    missing,
    total: {
      start,
      end,
      growth: growthPercent(start, end),
      engagement: figures.reduce((sum, f) => addEngagement(sum, f.engagement), { likes: 0, comments: 0, shares: 0 }),
    },
    days,
    followers: figures.map(({ platform }) => ({
      platform,
      values: days.map((day) => perDay.get(platform)?.get(day) ?? null),
    })),
  };
}

/** 'Facebook, Instagram and Threads'. */
export function platformList(platforms: readonly ReportPlatform[]): string {
  const names = platforms.map((p) => PLATFORM_LABELS[p]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}` : (names[0] ?? '');
}

/** The chart's text alternative: the days and each platform's total followers from first to last. */
export function describeChart(summary: Pick<ReportSummary, 'days' | 'followers'>): string {
  const first = summary.days[0] ?? '';
  const last = summary.days.at(-1) ?? '';
  const lines = summary.followers.map(({ platform, values }) => {
    const known = values.filter((v): v is number => v !== null);
    const from = known[0] ?? 0;
    const to = known.at(-1) ?? 0;
    return from === to
      ? `${PLATFORM_LABELS[platform]} ${formatCount(to)}`
      : `${PLATFORM_LABELS[platform]} from ${formatCount(from)} to ${formatCount(to)}`;
  });
  return (
    `Line chart of total followers by date, ${daysName({ from: first, to: last })}: ${lines.join(', ')}. ` +
    'The numbers are in the table that follows.'
  );
}
