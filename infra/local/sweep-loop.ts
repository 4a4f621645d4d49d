import { sweepPosts } from '../../functions/core/publishing/post-sweeper';
import { sweepMetrics } from '../../functions/core/reports/metrics-sweeper';
import { sweepWebhooks } from '../../functions/core/public-api/webhook-deliveries';
import { sweepFeeds } from '../../functions/core/feeds/feed-sweeper';
import { sweepWork } from '../../functions/workers/sweep-work';
import { config } from '../../functions/core/config';
import { log } from '../../functions/core/log';
import { RECURRING_WORKERS, type RecurringWorkerName } from '../../functions/workers/workers';

/** What each recurring worker runs: the same functions as their Lambda handlers. */
const SWEEPS: Record<RecurringWorkerName, () => Promise<unknown>> = {
  'sweep-posts': () => sweepPosts(),
  'sweep-metrics': () => sweepMetrics(),
  'sweep-webhooks': () => sweepWebhooks(),
  'sweep-feeds': () => sweepFeeds(),
  'sweep-work': () => sweepWork(),
};

/**
 * The embedded stand-in for the recurring rules that run the sweepers in AWS: each once at
 * start (a restart after a crash looks at once: the work sweeper takes back every claim of the
 * previous boot there) and then at its rule's interval, shortened by SWEEP_TIME_SCALE, else by
 * WORKFLOW_TIME_SCALE like the publish path's times.
 */
export function startSweepLoop() {
  let stopped = false;
  const timers = new Map<RecurringWorkerName, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const sweep = (worker: (typeof RECURRING_WORKERS)[number]) => {
    if (stopped) return;
    const current: Promise<void> = SWEEPS[worker.name]()
      .then(() => undefined)
      .catch((error: unknown) => log('warn', `${worker.name} failed`, { error: (error as Error).message }))
      .finally(() => {
        running.delete(current);
        if (!stopped)
          timers.set(
            worker.name,
            setTimeout(() => sweep(worker), worker.everyMinutes * 60_000 * config.localSweepScale),
          );
      });
    running.add(current);
  };
  for (const worker of RECURRING_WORKERS) sweep(worker);
  return {
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}
