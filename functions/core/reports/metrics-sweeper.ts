import { REPORT_PLATFORMS } from '@shared/schemas/reports';
import { clock } from '../clock';
import { getConnection } from '../integrations/connection-store';
import { log } from '../log';
import { metricsWatchPartition, WATCH_SHARDS } from '../table/keys';
import { config } from '../config';
import { armMetrics } from './metrics-schedule';
import { metricsWatches, unwatchMetrics } from './metrics-watch';

/** Watches looked at per shard and sweep: a backlog clears over the next sweeps. */
const PER_SHARD = 200;

/** Whether the company still has a social platform to collect from (else its daily runs stop). */
export async function hasSocialConnection(companyId: number): Promise<boolean> {
  const connections = await Promise.all(REPORT_PLATFORMS.map((platform) => getConnection(companyId, platform)));
  return connections.some((c) => c?.status === 'connected');
}

/**
 * Re-arms every daily collection whose chain died (metrics-watch.ts): a run a minute away, which
 * arms the next day's as every run does. A company with nothing left to collect from is unwatched.
 * Re-arming replaces the one schedule by name, so a sweep racing a late run cannot make two chains.
 */
export async function sweepMetrics(now = clock.now()): Promise<{ rearmed: number; ended: number }> {
  let rearmed = 0;
  let ended = 0;
  for (let shard = 0; shard < WATCH_SHARDS; shard++) {
    const due = await metricsWatches.query({
      index: 'GSI3',
      pk: metricsWatchPartition(shard),
      sk: { atMost: `${now.toISOString()}#~` },
      limit: PER_SHARD,
    });
    for (const watch of due) {
      try {
        if (await hasSocialConnection(watch.companyId)) {
          await armMetrics(watch.companyId, new Date(now.getTime() + config.metricsFirstRunDelayMs));
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
  if (rearmed) log('warn', 'the metrics sweeper re-armed collections whose chain had died', { rearmed });
  return { rearmed, ended };
}
