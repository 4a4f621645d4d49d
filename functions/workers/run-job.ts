import { jobKind, JobUserError } from './jobs/job-kinds';
import './jobs/all-kinds';

export interface RunJobInput {
  uuid: string;
  kind: string;
  input: unknown;
}

export type RunJobOutput =
  | { ok: true; value: unknown }
  | { ok: false; error: { statusCode: number; message: string } };

/**
 * Task "Run" of run-job.asl.json. A user error (bad website, nothing to plan) is an outcome,
 * returned with its status so the poller shows its message; anything else is thrown for the
 * workflow to retry or catch.
 */
export async function handler(event: RunJobInput): Promise<RunJobOutput> {
  const run = jobKind(event.kind);
  if (!run) throw Object.assign(new Error(`Unknown job kind ${event.kind}`), { name: 'UnknownJobKind' });
  try {
    return { ok: true, value: (await run(event.input)) ?? null };
  } catch (error) {
    if (error instanceof JobUserError) return { ok: false, error: { statusCode: error.statusCode, message: error.message } };
    throw error;
  }
}
