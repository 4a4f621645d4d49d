import { addDays } from '@shared/report-periods';
import type { ReportRow } from '@shared/schemas/reports';
import type { Insights, InsightsDay } from '../integrations/platform-client';

/**
 * One row per day from `from` to `to` (UTC days, both included) out of what a platform
 * reported, which differs by platform:
 *
 * - followers gained: the platform's daily figure where it has one (Facebook, Instagram,
 *   LinkedIn); else the change of the total from the day before (Threads: from the second
 *   collection on; a backfilled day shows no change);
 * - total followers: the platform's daily total (Facebook); else walked back from the size now
 *   through the days' gains; else (no gains either) the total stored for that day, or the
 *   size now; a day with nothing carries the day before's;
 * - likes, comments, shares: as reported, 0 where nothing was.
 *
 * `stored` holds the rows already stored for these days and `before` the stored row of the day
 * before `from`. A platform that reported nothing at all (a LinkedIn member's own profile) has
 * no rows.
 */
export function dailyRows(input: {
  from: string;
  to: string;
  insights: Insights;
  stored?: ReadonlyMap<string, ReportRow>;
  before?: ReportRow;
}): ReportRow[] {
  const { from, to, insights } = input;
  const stored = input.stored ?? new Map<string, ReportRow>();
  if (!insights.days.length && insights.currentFollowers === undefined) return [];
  const dates: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) dates.push(day);
  const reported = new Map<string, InsightsDay>();
  for (const day of insights.days) if (day.date >= from && day.date <= to) reported.set(day.date, day);
  const hasGains = insights.days.some((d) => d.followers !== undefined);

  const totals = new Map<string, number>();
  for (const date of dates) {
    const total = reported.get(date)?.totalFollowers;
    if (total !== undefined) totals.set(date, total);
  }
  if (insights.currentFollowers !== undefined) {
    let running = insights.currentFollowers;
    for (const date of [...dates].reverse()) {
      if (!totals.has(date)) {
        const kept = !hasGains && date !== to ? stored.get(date)?.totalFollowers : undefined;
        totals.set(date, kept ?? running);
      }
      running = (totals.get(date) ?? running) - (hasGains ? (reported.get(date)?.followers ?? 0) : 0);
    }
  }
  let previous = input.before?.totalFollowers;
  return dates.map((date) => {
    const day = reported.get(date);
    const total = Math.max(0, totals.get(date) ?? stored.get(date)?.totalFollowers ?? previous ?? 0);
    const followers = hasGains ? (day?.followers ?? 0) : previous === undefined ? 0 : total - previous;
    previous = total;
    return {
      date,
      followers,
      likes: day?.likes ?? 0,
      comments: day?.comments ?? 0,
      shares: day?.shares ?? 0,
      totalFollowers: total,
    };
  });
}
