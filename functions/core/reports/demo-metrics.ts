import { randomInt } from 'node:crypto';
import { addDays } from '@shared/report-periods';
import { REPORT_PLATFORMS, type ReportPlatform } from '@shared/schemas/reports';
import type { MetricDay } from './metric-entity';
import { saveMetricDays } from './metric-store';

/** A demo company's figures cover the year ending yesterday: every period of the report has data. */
export const DEMO_METRIC_DAYS = 365;

/** Where each platform's audience starts and how lively it is, for a small business. */
const PROFILE: Record<ReportPlatform, { start: [number, number]; gain: number; likes: number }> = {
  facebook: { start: [1200, 2400], gain: 4, likes: 38 },
  instagram: { start: [800, 1900], gain: 6, likes: 55 },
  threads: { start: [120, 480], gain: 3, likes: 14 },
  linkedin: { start: [300, 900], gain: 2, likes: 11 },
};

/** A draw around `mean`: weekdays livelier than Sundays, now and then a post that takes off. */
function around(mean: number, day: string): number {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const week = weekday === 0 ? 0.6 : weekday === 6 ? 0.8 : 1;
  const spike = randomInt(0, 40) === 0 ? 3 : 1;
  return Math.max(0, Math.round(mean * week * spike * (0.6 + randomInt(0, 81) / 100)));
}

/**
 * A year of plausible daily figures per platform for a demo company: audiences that grow with a
 * rhythm, engagement that follows the week. Drawn afresh each time, so 'Refresh report' shows a
 * new year; the rows replace the old ones day for day.
 */
export function demoMetricDays(companyId: number, yesterday: string): MetricDay[] {
  const collectedAt = new Date().toISOString();
  const rows: MetricDay[] = [];
  for (const platform of REPORT_PLATFORMS) {
    const profile = PROFILE[platform];
    let total = randomInt(profile.start[0], profile.start[1]);
    for (let back = DEMO_METRIC_DAYS - 1; back >= 0; back--) {
      const date = addDays(yesterday, -back);
      // Mostly gains, the odd unfollow: a small business's audience grows slowly.
      const followers = around(profile.gain, date) - (randomInt(0, 5) === 0 ? randomInt(1, 4) : 0);
      total = Math.max(0, total + followers);
      const likes = around(profile.likes, date);
      rows.push({
        companyId,
        platform,
        date,
        followers,
        likes,
        comments: Math.round(likes * (0.08 + randomInt(0, 8) / 100)),
        shares: Math.round(likes * (0.03 + randomInt(0, 5) / 100)),
        totalFollowers: total,
        collectedAt,
      });
    }
  }
  return rows;
}

/** Writes a demo company's year of figures (at its creation, its reset, and 'Refresh report'). */
export async function seedDemoMetrics(companyId: number, now = new Date()): Promise<void> {
  await saveMetricDays(demoMetricDays(companyId, addDays(now.toISOString().slice(0, 10), -1)));
}
