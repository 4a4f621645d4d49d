import { postsImportJob } from '../core/imports/import-job';
import { jobWorkerHandler } from './jobs/job-worker';

/** CSV imports: the only jobs that delete files (an import's media, when a later row is refused). */
export const IMPORT_JOBS = [postsImportJob] as const;

export const handler = jobWorkerHandler('job-imports', IMPORT_JOBS);
