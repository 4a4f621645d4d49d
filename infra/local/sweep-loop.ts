import { sweepPosts } from '../../functions/core/publishing/post-sweeper';
import { config } from '../../functions/core/config';
import { log } from '../../functions/core/log';
import { RECURRING_WORKERS } from '../../functions/workers/workers';

/** The AWS rule's interval (RECURRING_WORKERS), shortened by WORKFLOW_TIME_SCALE like the publish path's times. */
const [SWEEP] = RECURRING_WORKERS;
const intervalMs = () => SWEEP.everyMinutes * 60_000 * config.localTimeScale;

/**
 * The embedded stand-in for the recurring schedule that runs the post sweeper in AWS: once at
 * start (a restart after a crash looks at once) and then at the rule's interval.
 */
export function startSweepLoop() {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const sweep = () => {
    if (stopped) return;
    current = sweepPosts()
      .then(() => undefined)
      .catch((error: unknown) => log('warn', 'post sweep failed', { error: (error as Error).message }))
      .finally(() => {
        if (!stopped) timer = setTimeout(sweep, intervalMs());
      });
  };
  sweep();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
