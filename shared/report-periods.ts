import { isCalendarDay } from './calendar-day';

/**
 * The reports' calendar (spec 01 §9): periods of a calendar month, quarter or year, the
 * dashboard's engagement window of the 7 days ending yesterday, and growth as a percentage
 * rounded to 2 decimals, infinite from 0. Days are 'YYYY-MM-DD' strings in the company's zone,
 * counted with UTC dates so no daylight-saving change can add or lose a day.
 */
export const REPORT_PERIODS = ['month', 'quarter', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The dashboard's engagement card covers the 7 days ending yesterday. */
export const ENGAGEMENT_DAYS = 7;

export const reportPeriodMessages = {
  invalidQuarter: 'This date is in no quarter: use a date like 2026-04-01.',
  invalidDay: 'Use a date like 2026-04-01.',
} as const;

/** A date that matches no quarter (spec 02 §8); its message is the spec's error. */
export class InvalidQuarterError extends Error {
  constructor() {
    super(reportPeriodMessages.invalidQuarter);
    this.name = 'InvalidQuarterError';
  }
}

const parts = (day: string): [number, number, number] => {
  if (!isCalendarDay(day)) throw new RangeError(reportPeriodMessages.invalidDay);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
};
const format = (date: Date) => date.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

/** Adds days to a calendar day (negative to go back). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return format(utc(y, m, d + days));
}

/** The calendar quarter (1–4) a day is in. */
export function quarterOf(day: string): 1 | 2 | 3 | 4 {
  if (!isCalendarDay(day)) throw new InvalidQuarterError();
  const month = Number(day.slice(5, 7));
  return (Math.floor((month - 1) / 3) + 1) as 1 | 2 | 3 | 4;
}

/** The calendar month, quarter or year that holds `day`: its first and last days. */
export function periodContaining(period: ReportPeriod, day: string): { from: string; to: string } {
  const [y, m] = parts(day);
  if (period === 'year') return { from: `${y}-01-01`, to: `${y}-12-31` };
  if (period === 'month') return { from: format(utc(y, m, 1)), to: format(utc(y, m + 1, 0)) };
  const first = (quarterOf(day) - 1) * 3 + 1;
  return { from: format(utc(y, first, 1)), to: format(utc(y, first + 3, 0)) };
}

/** The period of the same kind just before the one that holds `day` (for a comparison). */
export function previousPeriod(period: ReportPeriod, day: string): { from: string; to: string } {
  return periodContaining(period, addDays(periodContaining(period, day).from, -1));
}

/** The 7 days ending yesterday, for `today` in the company's zone. */
export function engagementWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -ENGAGEMENT_DAYS), to: addDays(today, -1) };
}

/**
 * Growth from `start` to `end` in percent, rounded to 2 decimals: Infinity from 0 to more,
 * 0 from 0 to 0 (spec 01 §9).
 */
export function growthPercent(start: number, end: number): number {
  if (start === 0) return end === 0 ? 0 : end > 0 ? Infinity : -Infinity;
  return Math.round(((end - start) / start) * 100 * 100) / 100;
}
