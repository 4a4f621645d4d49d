import { z } from 'zod';
import { JobUserError, type JobKind } from '../../core/jobs/job-kind';
import { workerHandler, type TaskContext } from '../../core/jobs/worker-handler';
import { setJobStep, type RunJobInput } from '../../core/jobs/job-store';
import type { JobFailure } from '../../core/jobs/job-entity';

export type { RunJobInput };

export type RunJobOutput = { ok: true; value: unknown } | { ok: false; error: JobFailure };

const runJobInputSchema = z.object({
  uuid: z.string(),
  kind: z.string(),
  input: z.unknown(),
  companyId: z.number().int(),
  userId: z.number().int(),
});

/** A failure that retrying cannot mend: the workflow's Catch records it as a crash. */
class UnknownJobError extends Error {
  override name = 'UnknownJobError';
}

/**
 * A job worker's handler, bound to a Run task of run-job.asl.json: it runs the kinds of its
 * group and refuses any other, so a job routed to the wrong worker fails on both runtimes
 * instead of running with another group's grants. The input and the result are parsed with the
 * kind's schemas. A user error (bad website, nothing to plan) is an outcome with its kind and
 * message; anything else is thrown for the workflow to retry (TransientError) or catch.
 */
export function jobWorkerHandler(worker: string, kinds: readonly JobKind[]) {
  const byName = new Map(kinds.map((k) => [k.name, k]));
  return workerHandler(runJobInputSchema, async (event: RunJobInput, task: TaskContext): Promise<RunJobOutput> => {
    const kind = byName.get(event.kind);
    if (!kind) throw new UnknownJobError(`The ${worker} worker does not run jobs of kind ${event.kind}`);
    try {
      const value: unknown = await kind.run(kind.input.parse(event.input), {
        uuid: event.uuid,
        companyId: event.companyId,
        userId: event.userId,
        signal: task.signal,
        // Each step is a point where a timed-out job stops: nothing after it is written.
        step: async (name) => {
          task.signal.throwIfAborted();
          await setJobStep(event.uuid, name, event.companyId);
        },
      });
      return { ok: true, value: kind.result.parse(value) };
    } catch (error) {
      if (error instanceof JobUserError) {
        return {
          ok: false,
          error: { kind: error.kind, message: error.message, ...(error.code ? { code: error.code } : {}) },
        };
      }
      throw error;
    }
  });
}
