import {
  claimSchedules,
  earliestSchedules,
  nextScheduleAt,
  onTableScheduleUpsert,
  type DueSchedule,
} from '../../functions/core/scheduler/scheduler-port';
import { clock, onClockAdvanced } from '../../functions/core/clock';
import type { WorkflowStarter } from '../../functions/core/jobs/workflow-port';
import { log } from '../../functions/core/log';

/** Due schedules read per query; a tick keeps reading until none are left. */
const PAGE = 100;
/** The shortest wait between ticks. */
const MIN_WAIT_MS = 50;
/** Workflow starts in flight at once. */
const CONCURRENCY = 16;

/**
 * The embedded stand-in for EventBridge Scheduler's one-time `at(...)` schedules: every tick
 * it starts the workflow of each due schedule item and deletes the item, as
 * ActionAfterCompletion=DELETE does in AWS. A claim is a conditional delete (a page's claims
 * grouped in transactions), so a schedule fires once even if two runtimes share the table. A
 * tick drains everything due, a page at a time, so a thousand posts due in the same minute
 * start together rather than 25 a second; the next tick comes when the next schedule falls
 * due, if that is sooner than the interval, so a post starts on its second, not up to a tick late,
 * and a schedule written meanwhile wakes the loop early (onTableScheduleUpsert).
 */
export function startSchedulerLoop(engine: WorkflowStarter, intervalMs = 1000) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  // A claimed schedule is gone: one that cannot start is logged, and the others still start.
  // Awaited inside try, so a start that throws before it returns a promise is caught as well.
  const fire = async (due: DueSchedule) => {
    try {
      await engine.start(due.workflow, due.input, `schedule-${due.name}-${due.at.replace(/[^0-9]/g, '')}`);
    } catch (error) {
      log('error', 'a due schedule did not start', { name: due.name, error: (error as Error).message });
    }
  };
  /** Milliseconds to the next tick: the interval, or less when a schedule falls due sooner. */
  const untilNext = (next: Date | undefined) =>
    // Never sooner than MIN_WAIT_MS: a schedule still due right after a drain (a table error) must not spin the loop.
    next ? Math.min(intervalMs, Math.max(MIN_WAIT_MS, next.getTime() - clock.now().getTime())) : intervalMs;
  /**
   * Drains what is due and answers when the next schedule falls due. One query a tick: the
   * earliest schedules, due or not, give both the due ones and, past them, the next one (an idle
   * runtime asks the table once a second instead of twice). When a claim failed or a read did,
   * the table is asked again for the next one, as it stands after the drain.
   */
  const tick = async (): Promise<Date | undefined> => {
    try {
      for (;;) {
        const earliest = await earliestSchedules(PAGE);
        const now = clock.now().toISOString();
        const page = earliest.filter((schedule) => schedule.at <= now);
        const claimed = await claimSchedules(page);
        for (let i = 0; i < claimed.length; i += CONCURRENCY) {
          await Promise.all(claimed.slice(i, i + CONCURRENCY).map(fire));
        }
        const fired = claimed.length;
        if (fired < page.length) break;
        // Everything due on this page is claimed: the first schedule past it is the next one.
        if (page.length < PAGE || stopped) {
          const next = earliest[page.length];
          return next ? new Date(next.at) : undefined;
        }
      }
    } catch (error) {
      log('warn', 'scheduler tick failed', { error: (error as Error).message });
    }
    return nextScheduleAt().catch(() => undefined);
  };
  // A schedule written while the loop sleeps wakes it when due; one written during a tick
  // (perhaps after that tick looked for the next one) shortens the sleep that follows.
  let sleeping = false;
  let wakeAt = 0;
  let heardDuringTick = Infinity;
  const sleep = (wait: number) => {
    sleeping = true;
    wakeAt = Date.now() + wait;
    timer = setTimeout(() => {
      sleeping = false;
      loop();
    }, wait);
  };
  const untilDue = (at: number) => Math.max(MIN_WAIT_MS, at - clock.now().getTime());
  /** Wakes the loop at `at` (clock time) if that is before it would wake anyway. */
  const wakeBy = (at: number) => {
    if (stopped) return;
    if (!sleeping) heardDuringTick = Math.min(heardDuringTick, at);
    else if (Date.now() + untilDue(at) < wakeAt) {
      clearTimeout(timer);
      sleep(untilDue(at));
    }
  };
  const unsubscribeUpserts = onTableScheduleUpsert((at) => wakeBy(at.getTime()));
  // A clock moved forward may have brought schedules due: look now.
  const unsubscribeClock = onClockAdvanced(() => wakeBy(clock.now().getTime()));
  const loop = () => {
    if (stopped) return;
    heardDuringTick = Infinity;
    current = tick()
      .then(untilNext)
      .then((wait) => {
        if (!stopped) sleep(Math.min(wait, untilDue(heardDuringTick)));
      });
  };
  loop();
  return {
    async stop() {
      stopped = true;
      unsubscribeUpserts();
      unsubscribeClock();
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
