import { claimSchedule, dueSchedules } from '../../functions/core/scheduler/scheduler-port';
import type { WorkflowStarter } from '../../functions/core/jobs/workflow-port';
import { log } from '../../functions/core/log';

/**
 * The embedded stand-in for EventBridge Scheduler's one-time `at(...)` schedules: every tick
 * it starts the workflow of each due schedule item and deletes the item, as
 * ActionAfterCompletion=DELETE does in AWS. A claim is a conditional delete, so a schedule
 * fires once even if two runtimes share the table.
 */
export function startSchedulerLoop(engine: WorkflowStarter, intervalMs = 1000) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      for (const due of await dueSchedules(new Date())) {
        if (await claimSchedule(due.name, due.at)) {
          await engine.start(due.workflow, due.input, `schedule-${due.name}-${due.at.replace(/[^0-9]/g, '')}`);
        }
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
