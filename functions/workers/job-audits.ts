import { auditScheduleJob } from '../core/audit/schedule/audit-schedule-job';
import { jobWorkerHandler } from './jobs/job-worker';

/** A scheduled website audit: the only job that starts another workflow (site-audit). */
export const AUDIT_JOBS = [auditScheduleJob] as const;

export const handler = jobWorkerHandler('job-audits', AUDIT_JOBS);
