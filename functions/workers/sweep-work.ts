import { z } from 'zod';
import { sweepAudits } from '../core/audit/audit-sweeper';
import { sweepJobs } from '../core/jobs/job-sweeper';
import { workerHandler } from '../core/jobs/worker-handler';
import { JOB_KINDS } from './jobs/job-kinds';

/** The job kinds whose run may start again after its process died (JobKind.resumable). */
const RESUMABLE = new Set(JOB_KINDS.filter((kind) => kind.resumable).map((kind) => kind.name));

/**
 * The work sweeper (functions/core/jobs/watch.ts): jobs and audit runs that nothing runs any
 * more are resumed or ended. Every minute by an EventBridge rule in AWS; on the embedded
 * runtime at start (a restart takes the previous boot's work back at once), then every minute.
 */
export async function sweepWork(now = Date.now()) {
  const [jobs, audits] = await Promise.all([sweepJobs(RESUMABLE, now), sweepAudits(now)]);
  return { jobs, audits };
}

export const handler = workerHandler(z.unknown(), () => sweepWork());
