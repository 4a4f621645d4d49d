import type { z } from 'zod';
import type { Schema } from '@shared/contract';
import type { ErrorKind } from '../errors';
import type { Grants } from '../grants';

/** What a job's code knows about the job it runs, and how it reports its progress. */
export interface JobContext {
  uuid: string;
  companyId: number;
  userId: number;
  /** Names the step the job is on; polling answers it while the job runs. Throws once the Task's time is up. */
  step(name: string): Promise<void>;
  /** Aborts shortly before the Task's time runs out: pass it to long calls of your own. */
  signal: AbortSignal;
}

/**
 * A long-running job kind: the schemas of its input and result and the code that runs it.
 * The start route and the worker import the same definition, so neither can send or read a
 * shape the other does not know.
 */
/** A classic or zod/mini schema (results are often shared/ schemas, which are mini): both parse. */
export type JobSchema = Schema & { parse(data: unknown): unknown };

export interface JobKind<I extends JobSchema = JobSchema, R extends JobSchema = JobSchema> {
  /** Stored on the job and passed through the workflow: unique among JOB_KINDS. */
  name: string;
  input: I;
  result: R;
  run(input: z.output<I>, ctx: JobContext): Promise<z.input<R>>;
  /**
   * What its run touches in AWS. The job worker that runs the kind is granted the union of its
   * kinds' grants and nothing else (functions/workers/jobs/job-groups.ts), so a kind that starts
   * using a new resource fails in AWS until it declares it here.
   */
  grants: Grants;
  /**
   * The kind's run may start again from the top after its process died: its work records its
   * progress and writes nothing twice (an import, a feed poll). A job of another kind that a
   * crash killed ends failed with the spec's sentence (watch.ts, job-sweeper.ts).
   */
  resumable?: boolean;
}

export function defineJobKind<I extends JobSchema, R extends JobSchema>(kind: JobKind<I, R>): JobKind<I, R> {
  return kind;
}

/**
 * The kinds a job's user error may have. Not 'not-found' (the poller reads 404 as "the job is
 * gone"), nor 401/403 (the web reads those as signed out or removed from the company).
 */
export type JobUserErrorKind = Extract<
  ErrorKind,
  'bad-request' | 'invalid' | 'conflict' | 'upgrade-required' | 'rate-limited'
>;

/** A failure the user caused or can fix: its own message reaches the browser. */
export class JobUserError extends Error {
  constructor(
    message: string,
    readonly kind: JobUserErrorKind = 'bad-request',
    readonly code?: string,
  ) {
    super(message);
    this.name = 'JobUserError';
  }
}
