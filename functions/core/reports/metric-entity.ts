import { z } from 'zod';
import { REPORT_PLATFORMS } from '@shared/schemas/reports';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/**
 * One platform's audience figures for one day of one company (spec 01 §3 "Report rows per
 * platform and date"), as its insights reported them. Keyed by company, platform and day, so
 * collecting a day again overwrites its row.
 */
const metricDaySchema = z.object({
  companyId: z.number().int(),
  platform: z.enum(REPORT_PLATFORMS),
  /** The platform's day, 'YYYY-MM-DD' (UTC; Facebook's Pacific day under its own date). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Followers gained that day. */
  followers: z.number().int(),
  likes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  shares: z.number().int().nonnegative(),
  /** Followers at the end of the day. */
  totalFollowers: z.number().int().nonnegative(),
  collectedAt: z.string(),
});
export type MetricDay = z.infer<typeof metricDaySchema>;

export const metricDays = defineEntity({
  type: 'metric-day',
  schema: metricDaySchema,
  key: (m) => keys.metricDay(m.companyId, m.platform, m.date),
});
