import { z } from 'zod';
import { watchFor } from '../jobs/watch';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';

/**
 * The durable side of a company's daily collection. Its chain of one-time schedules (each run
 * arms the next) can die: a run lost in an outage before it armed its successor, a schedule
 * removed by hand, a run cut in the middle of its collection. So every arm also records when the
 * chain should next have run, on a sparse index the metrics sweeper reads; a watch whose time has
 * passed is a dead chain to re-arm. While a run collects, the watch names it and the embedded
 * runtime's boot running it, and its time is the run's grace: a run that dies is taken back at
 * the next boot's first sweep, or once its grace has passed (jobs/watch.ts's rule).
 */
const metricsWatchSchema = z.object({
  companyId: z.number(),
  /** When the armed run is due. */
  runAt: z.string(),
  /** Past this, nothing ran (or the run collecting died): the sweeper re-arms. */
  watchAt: z.string(),
  /** The run collecting now (its job's uuid): only it clears its mark. */
  running: z.string().optional(),
  /** The embedded runtime's boot the run collects in. */
  boot: z.string().optional(),
});
type MetricsWatch = z.infer<typeof metricsWatchSchema>;

/** COMPANY#<id> / METRICS_WATCH, on GSI3 `METRICSWATCH#<shard>` by watch time. */
export const metricsWatches = defineEntity({
  type: 'metrics-watch',
  schema: metricsWatchSchema,
  key: (w) => keys.metricsWatch(w.companyId),
  indexes: (w) => index.metricsWatch(w.companyId, w.watchAt),
});

/** A run is late when it has not started this long after its time (its workflow retries within minutes). */
const METRICS_WATCH_GRACE_MS = 6 * 3600_000;
/** A run collects within this (a Lambda's 15 minutes, and its workflow's retries): past it, it died. */
const METRICS_RUN_GRACE_MS = 3600_000;

const nextRunWatch = (companyId: number, runAt: Date): MetricsWatch => ({
  companyId,
  runAt: runAt.toISOString(),
  watchAt: new Date(runAt.getTime() + METRICS_WATCH_GRACE_MS).toISOString(),
});

/**
 * The watch of the run armed at `runAt`; with `running`, also of the run that collects now
 * (which armed it), watched for its grace in this boot.
 */
export function watchMetrics(companyId: number, runAt: Date, running?: string) {
  if (!running) return metricsWatches.put(nextRunWatch(companyId, runAt));
  const { watchUntil, boot } = watchFor(METRICS_RUN_GRACE_MS);
  return metricsWatches.put({
    ...nextRunWatch(companyId, runAt),
    watchAt: watchUntil,
    running,
    ...(boot ? { boot } : {}),
  });
}

/**
 * The run `running` has collected: the watch is the next run's alone again, unless something
 * replaced it meanwhile (the sweeper re-armed, another run started), which then stays.
 */
export const metricsRunDone = (companyId: number, runAt: Date, running: string) =>
  metricsWatches.put(nextRunWatch(companyId, runAt), {
    onlyIf: { expression: '#running = :running', names: { '#running': 'running' }, values: { ':running': running } },
  });

/** The company has nothing left to collect from: its chain ends and nobody watches it. */
export const unwatchMetrics = (companyId: number) => metricsWatches.delete(keys.metricsWatch(companyId));
