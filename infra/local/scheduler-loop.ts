import { claimSchedule, dueSchedules, type DueSchedule } from '../../functions/core/scheduler/scheduler-port';
import type { WorkflowStarter } from '../../functions/core/jobs/workflow-port';
import { log } from '../../functions/core/log';

/** Due schedules read per query; a tick keeps reading until none are left. */
const PAGE = 100;
/** Claims and starts in flight at once (DynamoDB Local's conditional deletes are the cost). */
const CONCURRENCY = 16;

/**
 * The embedded stand-in for EventBridge Scheduler's one-time `at(...)` schedules: every tick
 * it starts the workflow of each due schedule item and deletes the item, as
 * ActionAfterCompletion=DELETE does in AWS. A claim is a conditional delete, so a schedule
 * fires once even if two runtimes share the table. A tick drains everything due, a page at a
 * time with several claims in flight, so a thousand posts due in the same minute start
 * together rather than 25 a second.
 */
export function startSchedulerLoop(engine: WorkflowStarter, intervalMs = 1000) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const fire = async (due: DueSchedule) => {
    if (!(await claimSchedule(due.name, due.at))) return false;
    await engine.start(due.workflow, due.input, `schedule-${due.name}-${due.at.replace(/[^0-9]/g, '')}`);
    return true;
  };
  const tick = async () => {
    try {
      for (;;) {
        const page = await dueSchedules(new Date(), PAGE);
        let fired = 0;
        for (let i = 0; i < page.length; i += CONCURRENCY) {
          fired += (await Promise.all(page.slice(i, i + CONCURRENCY).map(fire))).filter(Boolean).length;
        }
        // A full page claimed by another loop (or not claimable) waits for the next tick.
        if (page.length < PAGE || fired === 0 || stopped) break;
      }
    } catch (error) {
      log('warn', 'scheduler tick failed', { error: (error as Error).message });
    }
  };
  const loop = () => {
    if (stopped) return;
    current = tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, intervalMs);
    });
  };
  loop();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
