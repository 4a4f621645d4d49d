import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ttlIn } from '../table/client';
import { keys } from '../table/keys';
import { jobs, type JobItem, type JobState } from './job-entity';
import type { JobKind } from './job-kind';
import { workflows } from './workflow-port';
import { bothHold, UNWATCH, watchFor, watchIndex } from './watch';

/** Results stay readable for a day after the job starts; polling clients are long gone by then. */
const JOB_TTL_SECONDS = 24 * 3600;

/**
 * How long a running job may go without a step before the work sweeper takes it for dead:
 * longer than run-job's Run task can take with its retries (at most seven attempts of 300 s, its
 * two retriers together, and their backoff), so on AWS it only catches a job whose workflow
 * never started or whose outcome was never recorded. On the embedded runtime a restart takes a
 * job back at once (its boot).
 */
export const JOB_WATCH_MS = 40 * 60_000;

/** What the run-job workflow receives: the job, whose it is, its kind's name and input. */
export interface RunJobInput {
  uuid: string;
  kind: string;
  input: unknown;
  companyId: number;
  userId: number;
}

/**
 * Starts a long-running job: the input is parsed with the kind's schema, the job item is
 * written first (so a poll never races a 404), then the workflow execution is started under
 * the job's name, so a retried start cannot run it twice.
 */
export async function startJob<I extends z.ZodType>(
  kind: JobKind<I>,
  input: z.input<I>,
  owner: { companyId: number; userId: number },
) {
  const uuid = randomUUID();
  const parsed: unknown = kind.input.parse(input);
  const item: JobItem = {
    uuid,
    kind: kind.name,
    ...owner,
    createdAt: new Date().toISOString(),
    state: { status: 'running' },
    ttl: ttlIn(JOB_TTL_SECONDS),
    input: parsed,
    // In the same write as the job: no crash can leave a running job nobody watches.
    ...watchFor(JOB_WATCH_MS),
  };
  await jobs.put(item);
  const workflowInput: RunJobInput = { uuid, kind: kind.name, input: parsed, ...owner };
  await workflows().start('run-job', workflowInput, `job-${uuid}`);
  return { status: 'running' as const, uuid };
}

export const getJob = (uuid: string) => jobs.get(keys.job(uuid));

/** The condition of a job's writes after its start: it is still running. */
const stillRunning = {
  expression: '#state.#status = :running',
  names: { '#state': 'state', '#status': 'status' },
  values: { ':running': 'running' },
};

/**
 * Records the step a running job is on, and renews its watch (the job is alive); a finished
 * job keeps its last one. Jobs a schedule starts have no item: nothing is written for them.
 */
export async function setJobStep(uuid: string, step: string, companyId: number): Promise<void> {
  const watch = watchFor(JOB_WATCH_MS);
  await jobs.change(keys.job(uuid), {
    set: { step, ...watch },
    indexes: watchIndex('job', companyId, uuid, watch.watchUntil),
    when: stillRunning,
  });
}

/**
 * Only a running job can finish: a duplicate completion from a retried task changes nothing.
 * `when` narrows it further (the sweeper ends only the run whose watch it read).
 */
export async function finishJob(
  uuid: string,
  state: Exclude<JobState, { status: 'running' }>,
  when?: Parameters<typeof bothHold>[1],
): Promise<boolean> {
  return jobs.change(keys.job(uuid), {
    set: { state, finishedAt: new Date().toISOString() },
    remove: UNWATCH,
    when: bothHold(stillRunning, when),
  });
}
