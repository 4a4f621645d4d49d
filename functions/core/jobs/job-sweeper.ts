import { messages } from '@shared/messages';
import { log } from '../log';
import { keys } from '../table/keys';
import { jobs, type JobItem } from './job-entity';
import { finishJob, JOB_WATCH_MS, type RunJobInput } from './job-store';
import { dueWork, MAX_RESUMES, sameWatch, watchFor, watchIndex } from './watch';
import { workflows } from './workflow-port';

/**
 * Jobs nothing runs any more (watch.ts): a job of a resumable kind is started again under the
 * same uuid (its run carries on from its recorded progress), any other ends failed with the
 * spec's sentence, so `GET /api/lrp/{uuid}` never answers "running" for a job no process runs.
 */
export async function sweepJobs(resumable: ReadonlySet<string>, now = Date.now()) {
  let resumed = 0;
  let failed = 0;
  for (const job of await dueWork('job', (q) => jobs.query(q), now)) {
    try {
      if (job.state.status !== 'running') continue;
      const again = resumable.has(job.kind) && job.input !== undefined && (job.resumes ?? 0) < MAX_RESUMES;
      if (again ? await resumeJob(job) : await failJob(job)) {
        if (again) resumed++;
        else failed++;
      }
    } catch (error) {
      log('error', 'the work sweeper could not take back a job', { uuid: job.uuid, error: (error as Error).message });
    }
  }
  if (resumed || failed) log('warn', 'the work sweeper took back jobs nothing ran', { resumed, failed });
  return { resumed, failed };
}

const failJob = (job: JobItem) =>
  finishJob(job.uuid, { status: 'failed', error: { kind: 'crashed', message: messages.jobFailed } }, sameWatch(job));

/** Takes the job (on the watch read) for this process, then starts its run again under a name of its own. */
async function resumeJob(job: JobItem): Promise<boolean> {
  const resumes = (job.resumes ?? 0) + 1;
  const watch = watchFor(JOB_WATCH_MS);
  const taken = await jobs.change(keys.job(job.uuid), {
    set: { ...watch, resumes },
    indexes: watchIndex('job', job.companyId, job.uuid, watch.watchUntil),
    when: sameWatch(job),
  });
  if (!taken) return false;
  const input: RunJobInput = {
    uuid: job.uuid,
    kind: job.kind,
    input: job.input,
    companyId: job.companyId,
    userId: job.userId,
  };
  try {
    await workflows().start('run-job', input, `job-${job.uuid}-resume-${resumes}`);
  } catch (error) {
    // Not started: due again at once, so the next sweep tries again rather than in a watch's time.
    const now = new Date().toISOString();
    await jobs.change(keys.job(job.uuid), {
      set: { watchUntil: now },
      indexes: watchIndex('job', job.companyId, job.uuid, now),
      when: sameWatch(watch),
    });
    throw error;
  }
  return true;
}
