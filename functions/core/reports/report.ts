import { isCalendarDay } from '@shared/calendar-day';
import { reportPeriodMessages } from '@shared/report-periods';
import { REPORT_PLATFORMS, type ReportPlatform, type Reports, type ReportsQuery } from '@shared/schemas/reports';
import { fieldError } from '../errors';
import { getCompany } from '../companies/company-store';
import { demoHistories } from '../demo/demo-history-entity';
import { keys } from '../table/keys';
import { demoReportRows } from './demo-metrics';
import { metricDaysBetween, toReportRow } from './metric-store';

/** A report spans at most this many days: a year and a comparison period fit, a decade does not. */
export const MAX_REPORT_DAYS = 400;

export const reportMessages = {
  unknownPlatform: (name: string) =>
    `"${name}" is not a platform the report covers: use ${REPORT_PLATFORMS.join(', ')}, separated by commas.`,
  range: 'The end date must be on or after the start date.',
  span: `A report covers at most ${MAX_REPORT_DAYS} days: choose a shorter period.`,
} as const;

/** The platforms of the comma list (all four when it is absent or empty), each once, in the list's order. */
function reportPlatforms(list: string | undefined): ReportPlatform[] {
  const names = (list ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.length) return [...REPORT_PLATFORMS];
  const known = new Set<string>(REPORT_PLATFORMS);
  const unknown = names.find((name) => !known.has(name));
  if (unknown !== undefined) throw fieldError('platforms', reportMessages.unknownPlatform(unknown.slice(0, 40)));
  return [...new Set(names)] as ReportPlatform[];
}

/**
 * GET /api/reports (and its POST form, spec 02 §7): each platform asked for, its stored rows
 * from `from` to `to` (both included) in date order; a platform with none is an empty array.
 * One Query per platform.
 */
export async function readReport(companyId: number, query: ReportsQuery): Promise<Reports> {
  for (const field of ['from', 'to'] as const) {
    if (!isCalendarDay(query[field])) throw fieldError(field, reportPeriodMessages.invalidDay);
  }
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
  if (days < 1) throw fieldError('to', reportMessages.range);
  if (days > MAX_REPORT_DAYS) throw fieldError('to', reportMessages.span);
  const platforms = reportPlatforms(query.platforms);
  // A demo's figures are drawn from its seed, not stored (demo-metrics.ts). They belong to its
  // sample history: once the demo data is deleted there are none, until Refresh report writes both again.
  const company = await getCompany(companyId);
  if (company?.demo) {
    const history = await demoHistories.get(keys.demoHistory(companyId), { consistent: true });
    const drawn = history ? demoReportRows(company, platforms, query.from, query.to) : platforms.map(() => []);
    return Object.fromEntries(platforms.map((platform, i) => [platform, drawn[i]]));
  }
  const rows = await Promise.all(
    platforms.map(async (platform) =>
      (await metricDaysBetween(companyId, platform, query.from, query.to)).map(toReportRow),
    ),
  );
  return Object.fromEntries(platforms.map((platform, i) => [platform, rows[i]]));
}
