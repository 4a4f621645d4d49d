import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ttlIn } from '../table/client';
import { keys } from '../table/keys';
import { jobs, type JobItem, type JobState } from './job-entity';
import type { JobKind } from './job-kind';
import { workflows } from './workflow-port';

/** Results stay readable for a day after the job starts; polling clients are long gone by then. */
const JOB_TTL_SECONDS = 24 * 3600;

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

/** Records the step a running job is on; a finished job keeps its last one. */
export async function setJobStep(uuid: string, step: string): Promise<void> {
  await jobs.change(keys.job(uuid), { set: { step }, when: stillRunning });
}

/** Only a running job can finish: a duplicate completion from a retried task changes nothing. */
export async function finishJob(uuid: string, state: Exclude<JobState, { status: 'running' }>): Promise<void> {
  await jobs.change(keys.job(uuid), { set: { state, finishedAt: new Date().toISOString() }, when: stillRunning });
}
