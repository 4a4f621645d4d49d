import type { JobKind } from '../../core/jobs/job-kind';
import { mergeGrants, type Grants } from '../../core/grants';
import type { JobWorkerName } from '../workers';
import { AI_JOBS } from '../job-ai';
import { AUDIT_JOBS } from '../job-audits';
import { DELIVERY_JOBS } from '../job-deliveries';
import { DEMO_JOBS } from '../job-demo';
import { IMPORT_JOBS } from '../job-imports';
import { PLATFORM_JOBS } from '../job-platforms';

/**
 * The job kinds each job worker runs, grouped by what they may touch: a kind is listed in its
 * worker's entry file (functions/workers/job-*.ts) and named in run-job.asl.json's Route, which
 * sends its jobs there. Adding a kind is its definition with its grants, one entry in a group,
 * one Choice in the Route (tests/unit/job-groups.test.ts checks all three agree).
 */
export const JOB_GROUPS: Record<JobWorkerName, readonly JobKind[]> = {
  'job-ai': AI_JOBS,
  'job-platforms': PLATFORM_JOBS,
  'job-deliveries': DELIVERY_JOBS,
  'job-imports': IMPORT_JOBS,
  'job-audits': AUDIT_JOBS,
  'job-demo': DEMO_JOBS,
};

/** Every job kind, each in one group. */
export const JOB_KINDS: readonly JobKind[] = Object.values(JOB_GROUPS).flat();

/** What a job worker may touch: what its kinds declare, together, and nothing else. */
export const jobWorkerGrants = (worker: JobWorkerName): Grants =>
  mergeGrants(JOB_GROUPS[worker].map((kind) => kind.grants));
