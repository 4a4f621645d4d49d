import { randomUUID } from 'node:crypto';
import type { RunJobInput } from '../jobs/job-store';
import { companyScheduleName, scheduler } from '../scheduler/scheduler-port';
import { watchMetrics } from './metrics-watch';

export const METRICS_JOB_KIND = 'metrics-collect';

/** The company's one collection schedule, under its prefix so the company cascade finds it. */
export const metricsScheduleName = (companyId: number) => companyScheduleName(companyId, 'metrics');

/** The daily collection runs after the platforms have closed the day (02:00 UTC), spread over an hour by company. */
export const METRICS_HOUR_UTC = 2;

/** The next daily run after `now`: tomorrow at 02:00 UTC plus the company's minute (0-59). */
export function nextDailyRun(companyId: number, now = Date.now()): Date {
  const at = new Date(now);
  at.setUTCHours(METRICS_HOUR_UTC, companyId % 60, 0, 0);
  if (at.getTime() <= now + 3600_000) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/**
 * Arms the company's collection (one-time schedule `c<companyId>-metrics`, which starts the
 * run-job workflow with the metrics-collect job), replacing one already armed. A connect arms
 * it a minute away; each run arms the next day's before it collects, so it recurs daily while
 * the company has a social platform connected. The watch is written first: a crash between the
 * two leaves a watch without a schedule, which the metrics sweeper re-arms.
 */
export async function armMetrics(companyId: number, at: Date): Promise<void> {
  // run-job carries the collection; its job id names no job item, so nothing is polled or recorded.
  const input: RunJobInput = {
    uuid: `metrics-${randomUUID()}`,
    kind: METRICS_JOB_KIND,
    companyId,
    userId: 0,
    input: {},
  };
  await watchMetrics(companyId, at);
  await scheduler().upsert({ name: metricsScheduleName(companyId), at, workflow: 'run-job', input });
}
