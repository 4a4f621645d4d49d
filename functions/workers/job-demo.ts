import { demoHistoryJob } from '../core/demo/demo-history';
import { jobWorkerHandler } from './jobs/job-worker';

/** A demo company's history: sample posts, photos and audits. */
export const DEMO_JOBS = [demoHistoryJob] as const;

export const handler = jobWorkerHandler('job-demo', DEMO_JOBS);
