import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WorkflowStarter } from '../../functions/core/jobs/workflow-port';
import {
  claimSchedule,
  claimSchedules,
  dueSchedules,
  nextScheduleAt,
  tableScheduler,
  type DueSchedule,
} from '../../functions/core/scheduler/scheduler-port';
import { table } from '../../functions/core/table/client';
import { startSchedulerLoop } from '../../infra/local/scheduler-loop';
import { createOwnTable, useSuiteRuntimeEnv } from '../support/suite-runtime-env';

/**
 * Claims and the embedded scheduler loop, each test in a table of its own: the suite runtime's
 * own scheduler loop shares the suite's table and would claim the schedules made there.
 */
let suiteTable: string;

beforeAll(() => {
  useSuiteRuntimeEnv();
  suiteTable = inject('runtime').tableName;
});

/** A fresh, empty table, made the one TABLE_NAME names for the rest of the test. */
async function ownTable() {
  const name = await createOwnTable('claims');
  process.env.TABLE_NAME = name;
  return name;
}

const middlewares: string[] = [];
const loops: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const loop of loops.splice(0)) await loop.stop();
  for (const name of middlewares.splice(0)) table().middlewareStack.remove(name);
  process.env.TABLE_NAME = suiteTable;
});

/** Counts the commands the table client sends from now on. */
function countCalls() {
  const calls: { command: string; input: Record<string, unknown> }[] = [];
  const name = `countClaims-${middlewares.length}-${Date.now()}`;
  middlewares.push(name);
  table().middlewareStack.add(
    (next, context) => async (args) => {
      calls.push({ command: context.commandName ?? '', input: args.input as Record<string, unknown> });
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { calls, of: (command: string) => calls.filter((c) => c.command === `${command}Command`) };
}

/** Creates schedules called `${prefix}-<i>`, due at `at(i)`. */
async function schedules(prefix: string, count: number, at: (i: number) => Date) {
  for (let i = 0; i < count; i++) {
    await tableScheduler.upsert({ name: `${prefix}-${i}`, at: at(i), workflow: 'run-job', input: { i } });
  }
}

/** Every schedule in the table, due or not. */
const allSchedules = () => dueSchedules(new Date(Date.now() + 365 * 24 * 3600_000), 1000);
const names = (list: DueSchedule[]) => list.map((s) => s.name).sort();
const transactionSizes = (calls: { input: Record<string, unknown> }[]) =>
  calls.map((call) => (call.input.TransactItems as unknown[]).length);

describe('nextScheduleAt', () => {
  it('answers the earliest schedule, past or future, or undefined when there is none', async () => {
    await ownTable();
    expect(await nextScheduleAt()).toBeUndefined();
    const now = Date.now();
    const later = new Date(now + 10_000);
    const soon = new Date(now + 5_000);
    const past = new Date(now - 2_000);
    await tableScheduler.upsert({ name: 'later', at: later, workflow: 'run-job', input: {} });
    expect((await nextScheduleAt())?.toISOString()).toBe(later.toISOString());
    await tableScheduler.upsert({ name: 'soon', at: soon, workflow: 'run-job', input: {} });
    await tableScheduler.upsert({ name: 'past', at: past, workflow: 'run-job', input: {} });
    expect((await nextScheduleAt())?.toISOString()).toBe(past.toISOString());
    expect(await claimSchedule('past', past.toISOString())).toBe(true);
    expect((await nextScheduleAt())?.toISOString()).toBe(soon.toISOString());
    // Moving a schedule moves the answer.
    const sooner = new Date(now + 1_000);
    await tableScheduler.upsert({ name: 'later', at: sooner, workflow: 'run-job', input: {} });
    expect((await nextScheduleAt())?.toISOString()).toBe(sooner.toISOString());
  });
});

describe('claimSchedules', () => {
  it('claims a page in transactions of 25 conditional deletes', async () => {
    await ownTable();
    const base = Date.now() - 60_000;
    await schedules('all', 60, (i) => new Date(base + i));
    const due = await dueSchedules(new Date(), 100);
    expect(due).toHaveLength(60);
    const counted = countCalls();

    const claimed = await claimSchedules(due);

    expect(names(claimed)).toEqual(names(due));
    expect(transactionSizes(counted.of('TransactWriteItems'))).toEqual([25, 25, 10]);
    expect(counted.of('DeleteItem')).toHaveLength(0);
    expect(counted.calls).toHaveLength(3);
    expect(await allSchedules()).toEqual([]);
  });

  it('claims one by one in a group where a claim fails: exactly the claimable ones, and a moved schedule stays', async () => {
    await ownTable();
    const base = Date.now() - 60_000;
    await schedules('mixed', 30, (i) => new Date(base + i));
    const due = await dueSchedules(new Date(), 100);
    expect(due).toHaveLength(30);
    // Another loop already claimed one; another was moved to tomorrow: both are in the first 25.
    const taken = due[3]!;
    const moved = due[11]!;
    expect(await claimSchedule(taken.name, taken.at)).toBe(true);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    await tableScheduler.upsert({ name: moved.name, at: tomorrow, workflow: 'run-job', input: { moved: true } });
    const counted = countCalls();

    const claimed = await claimSchedules(due);

    expect(names(claimed)).toEqual(names(due.filter((s) => s !== taken && s !== moved)));
    // The first group's transaction is cancelled and claimed one by one; the second's goes through.
    expect(transactionSizes(counted.of('TransactWriteItems'))).toEqual([25, 5]);
    expect(counted.of('DeleteItem')).toHaveLength(25);
    const left = await allSchedules();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ name: moved.name, at: tomorrow.toISOString(), input: { moved: true } });
  });

  it('claims a single schedule with one conditional delete', async () => {
    await ownTable();
    await schedules('one', 1, () => new Date(Date.now() - 1000));
    const due = await dueSchedules(new Date(), 100);
    const counted = countCalls();
    expect(names(await claimSchedules(due))).toEqual(['one-0']);
    expect(counted.of('DeleteItem')).toHaveLength(1);
    expect(counted.calls).toHaveLength(1);
    // Claimed already: a second claim answers nothing.
    expect(await claimSchedules(due)).toEqual([]);
    expect(await allSchedules()).toEqual([]);
  });

  it('never lets two claimers take the same schedule', async () => {
    await ownTable();
    const base = Date.now() - 60_000;
    await schedules('race', 50, (i) => new Date(base + i));
    const due = await dueSchedules(new Date(), 100);
    expect(due).toHaveLength(50);

    const [mine, theirs] = await Promise.all([claimSchedules(due), claimSchedules([...due].reverse())]);

    const both = [...names(mine), ...names(theirs)];
    expect(new Set(both).size).toBe(both.length);
    expect(both.sort()).toEqual(names(due));
    expect(await allSchedules()).toEqual([]);
  });
});

/** A workflow starter that records when each schedule started. */
function recordingEngine(fail: (input: { i: number }) => 'reject' | 'throw' | undefined = () => undefined) {
  const started: { name: string; input: { i: number }; executionName: string; at: number }[] = [];
  const engine: WorkflowStarter = {
    start(name, input, executionName) {
      const how = fail(input as { i: number });
      if (how === 'throw') throw new Error('the engine is down');
      if (how === 'reject') return Promise.reject(new Error('the engine is down'));
      started.push({ name, input: input as { i: number }, executionName, at: Date.now() });
      return Promise.resolve();
    },
  };
  return { engine, started };
}

async function until(condition: () => boolean, ms: number) {
  for (const end = Date.now() + ms; !condition() && Date.now() < end;) await new Promise((r) => setTimeout(r, 10));
}

describe('the embedded scheduler loop', () => {
  it('fires a schedule on its time even when the interval is longer', async () => {
    await ownTable();
    const { engine, started } = recordingEngine();
    const at = new Date(Date.now() + 300);
    await tableScheduler.upsert({ name: 'on-time', at, workflow: 'run-job', input: { i: 0 } });
    loops.push(startSchedulerLoop(engine, 5000));

    await until(() => started.length > 0, 3000);

    expect(started).toHaveLength(1);
    const late = started[0]!.at - at.getTime();
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(150);
    expect(await allSchedules()).toEqual([]);
  });

  it.each(['reject', 'throw'] as const)(
    'starts the other schedules of a page when one start fails (%s)',
    async (how) => {
      await ownTable();
      const { engine, started } = recordingEngine((input) => (input.i === 2 ? how : undefined));
      const base = Date.now() - 10_000;
      await schedules('page', 5, (i) => new Date(base + i));
      loops.push(startSchedulerLoop(engine, 100));

      await until(() => started.length >= 4, 3000);
      // A few more ticks: nothing starts twice, and the failed one is not retried (it was claimed).
      await new Promise((r) => setTimeout(r, 400));

      expect(started.map((s) => s.input.i).sort()).toEqual([0, 1, 3, 4]);
      expect(new Set(started.map((s) => s.executionName)).size).toBe(4);
      expect(await allSchedules()).toEqual([]);
    },
  );
});
