import type { ReportPlatform, ReportRow } from '@shared/schemas/reports';
import { keys } from '../table/keys';
import { metricDays, type MetricDay } from './metric-entity';

/** The stored days of one platform from `from` to `to` (both included), in date order: one Query. */
export async function metricDaysBetween(
  companyId: number,
  platform: ReportPlatform,
  from: string,
  to: string,
): Promise<MetricDay[]> {
  return metricDays.query({
    pk: keys.metricDay(companyId, platform, from).pk,
    sk: { between: [keys.metricDay(companyId, platform, from).sk, keys.metricDay(companyId, platform, to).sk] },
  });
}

/**
 * Writes each day's row whole, unconditionally (batch writes of 25): a day collected again
 * replaces what was stored for it, so collecting twice leaves one row per platform and day.
 */
export async function saveMetricDays(rows: MetricDay[]): Promise<void> {
  await metricDays.putAll(rows);
}

export const toReportRow = (m: MetricDay): ReportRow => ({
  date: m.date,
  followers: m.followers,
  likes: m.likes,
  comments: m.comments,
  shares: m.shares,
  totalFollowers: m.totalFollowers,
});
