import { messages } from '@shared/messages';
import { z } from 'zod';
import { failureSchema } from '../core/jobs/job-entity';
import { finishJob } from '../core/jobs/job-store';
import { taskErrorSchema, workerHandler } from '../core/jobs/worker-handler';

const finishJobInputSchema = z.object({
  uuid: z.string(),
  result: z
    .union([
      z.object({ ok: z.literal(true), value: z.unknown() }),
      z.object({ ok: z.literal(false), error: failureSchema }),
    ])
    .optional(),
  /** Present when the Run task failed for good (the Catch's output). */
  error: taskErrorSchema.optional(),
});

/**
 * Tasks "RecordSuccess" and "RecordFailure" of run-job.asl.json. An unexpected failure is
 * recorded with the spec's generic job message; its details are in the execution history.
 */
export const handler = workerHandler(finishJobInputSchema, async (event) => {
  const outcome = event.result;
  if (event.error || !outcome) {
    await finishJob(event.uuid, { status: 'failed', error: { kind: 'crashed', message: messages.jobFailed } });
  } else if (outcome.ok) {
    await finishJob(event.uuid, { status: 'succeeded', result: outcome.value });
  } else {
    await finishJob(event.uuid, { status: 'failed', error: outcome.error });
  }
  return { uuid: event.uuid };
});
