import { randomUUID } from 'node:crypto';
import type { RunJobInput } from '../jobs/job-store';
import { config } from '../config';
import { companyScheduleName, scheduler } from '../scheduler/scheduler-port';
import { watchMetrics } from './metrics-watch';

export const METRICS_JOB_KIND = 'metrics-collect';

/** The company's one collection schedule, under its prefix so the company cascade finds it. */
export const metricsScheduleName = (companyId: number) => companyScheduleName(companyId, 'metrics');

/** The daily collection runs after the platforms have closed the day (02:00 UTC), spread over an hour by company. */
const METRICS_HOUR_UTC = 2;

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
 * the company has a platform connected to collect from (a social one, or WordPress for its
 * posts' comments). The watch is written first: a crash between the two leaves a watch
 * without a schedule, which the metrics sweeper re-arms. A run arming its successor names
 * itself (`running`): the watch then watches it too, until it is done (metrics-watch.ts).
 */
export async function armMetrics(companyId: number, at: Date, running?: string): Promise<void> {
  // run-job carries the collection; its job id names no job item, so nothing is polled or recorded.
  const input: RunJobInput = {
    uuid: `metrics-${randomUUID()}`,
    kind: METRICS_JOB_KIND,
    companyId,
    userId: 0,
    input: {},
  };
  await watchMetrics(companyId, at, running);
  await scheduler().upsert({ name: metricsScheduleName(companyId), at, workflow: 'run-job', input });
}

/**
 * A platform became collectable (connected with its page chosen, or a page chosen later): the
 * company's collection runs shortly (METRICS_FIRST_RUN_DELAY_SECONDS, a minute by default)
 * instead of at the next daily run, so the report shows the platform the same day. It moves
 * the one schedule, so a choice right after a connect still makes one run, with its page.
 */
export const armFirstCollection = (companyId: number, now = Date.now()) =>
  armMetrics(companyId, new Date(now + config.metricsFirstRunDelayMs));
