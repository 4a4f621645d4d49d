import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';

/**
 * The durable side of a company's daily collection. Its chain of one-time schedules (each run
 * arms the next) can die: a run lost in an outage before it armed its successor, a schedule
 * removed by hand. So every arm also records when the chain should next have run, on a sparse
 * index the metrics sweeper reads; a watch whose time has passed is a dead chain to re-arm.
 */
export const metricsWatchSchema = z.object({
  companyId: z.number(),
  /** When the armed run is due. */
  runAt: z.string(),
  /** Past this, nothing ran: the sweeper re-arms. */
  watchAt: z.string(),
});
export type MetricsWatch = z.infer<typeof metricsWatchSchema>;

/** COMPANY#<id> / METRICS_WATCH, on GSI3 `METRICSWATCH#<shard>` by watch time. */
export const metricsWatches = defineEntity({
  type: 'metrics-watch',
  schema: metricsWatchSchema,
  key: (w) => keys.metricsWatch(w.companyId),
  indexes: (w) => index.metricsWatch(w.companyId, w.watchAt),
});

/** A run is late when it has not started this long after its time (its workflow retries within minutes). */
export const METRICS_WATCH_GRACE_MS = 6 * 3600_000;

export const watchMetrics = (companyId: number, runAt: Date) =>
  metricsWatches.put({
    companyId,
    runAt: runAt.toISOString(),
    watchAt: new Date(runAt.getTime() + METRICS_WATCH_GRACE_MS).toISOString(),
  });

/** The company has nothing left to collect from: its chain ends and nobody watches it. */
export const unwatchMetrics = (companyId: number) => metricsWatches.delete(keys.metricsWatch(companyId));
