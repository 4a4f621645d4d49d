import { REPORT_PLATFORMS } from '@shared/schemas/reports';
import { clock } from '../clock';
import { getConnection } from '../integrations/connection-store';
import { currentBootId, isAbandoned } from '../jobs/watch';
import { log } from '../log';
import { metricsWatchPartition, WATCH_SHARDS } from '../table/keys';
import { armFirstCollection } from './metrics-schedule';
import { metricsWatches, unwatchMetrics } from './metrics-watch';

/** Watches looked at per shard and sweep: a backlog clears over the next sweeps. */
const PER_SHARD = 200;

/** The boot whose first sweep has run (embedded runtime only). */
let sweptBoot: string | undefined;

/** The platforms a daily run reads: the report's social ones, and WordPress for its posts' comments. */
const COLLECTED_PLATFORMS = [...REPORT_PLATFORMS, 'wordpress'] as const;

/** Whether the company still has a platform to collect from (else its daily runs stop). */
export async function hasCollectedConnection(companyId: number): Promise<boolean> {
  const connections = await Promise.all(COLLECTED_PLATFORMS.map((platform) => getConnection(companyId, platform)));
  return connections.some((c) => c?.status === 'connected');
}

/**
 * Re-arms every daily collection whose chain died (metrics-watch.ts), or whose run died while it
 * collected: a run a minute away, which arms the next day's as every run does. A company with
 * nothing left to collect from is unwatched. Re-arming replaces the one schedule by name, so a
 * sweep racing a late run cannot make two chains; a run re-armed beside one still collecting
 * (only after its grace) merges its writes with it.
 */
export async function sweepMetrics(now = clock.now()): Promise<{ rearmed: number; ended: number }> {
  let rearmed = 0;
  let ended = 0;
  // The first sweep of an embedded runtime's boot also re-arms a chain whose run fell due before
  // the restart, and one whose run was collecting in another boot: that run died with the
  // process (or, still to come, replaces the same schedule), so the report does not wait out
  // the watch's hours (jobs/watch.ts).
  const boot = currentBootId();
  const restart = boot !== undefined && sweptBoot !== boot;
  for (let shard = 0; shard < WATCH_SHARDS; shard++) {
    const found = await metricsWatches.query({
      index: 'GSI3',
      pk: metricsWatchPartition(shard),
      sk: { atMost: restart ? '~' : `${now.toISOString()}#~` },
      limit: PER_SHARD,
    });
    const due = restart
      ? found.filter(
          (w) =>
            Date.parse(w.runAt) <= now.getTime() ||
            isAbandoned({ watchUntil: w.watchAt, boot: w.running ? w.boot : undefined }, now.getTime()),
        )
      : found;
    for (const watch of due) {
      try {
        if (await hasCollectedConnection(watch.companyId)) {
          await armFirstCollection(watch.companyId, now.getTime());
          rearmed++;
        } else {
          await unwatchMetrics(watch.companyId);
          ended++;
        }
      } catch (error) {
        log('error', 'the metrics sweeper could not re-arm a collection', {
          companyId: watch.companyId,
          error: (error as Error).message,
        });
      }
    }
  }
  if (restart) sweptBoot = boot;
  if (rearmed) log('warn', 'the metrics sweeper re-armed collections whose chain had died', { rearmed });
  return { rearmed, ended };
}
