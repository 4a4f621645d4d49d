import { messages } from '@shared/messages';
import { finishJob } from '../core/jobs/job-store';
import type { RunJobOutput } from './run-job';

interface FinishJobInput {
  uuid: string;
  result?: RunJobOutput;
  /** Present when the Run task failed for good (Catch output: {Error, Cause}). */
  error?: { Error?: string; Cause?: string };
}

/**
 * Tasks "RecordSuccess" and "RecordFailure" of run-job.asl.json. An unexpected failure is
 * recorded with the spec's generic job message; its details are in the execution history.
 */
export async function handler(event: FinishJobInput): Promise<{ uuid: string }> {
  const outcome = event.result;
  if (event.error || !outcome) {
    await finishJob(event.uuid, { status: 'failed', error: { kind: 'crashed', message: messages.jobFailed } });
  } else if (outcome.ok) {
    await finishJob(event.uuid, { status: 'succeeded', result: outcome.value });
  } else {
    await finishJob(event.uuid, { status: 'failed', error: outcome.error });
  }
  return { uuid: event.uuid };
}
