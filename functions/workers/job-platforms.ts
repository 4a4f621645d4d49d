import { integrationRefreshJob } from '../core/integrations/refresh';
import { metricsCollectJob } from '../core/reports/metrics-collect';
import { jobWorkerHandler } from './jobs/job-worker';

/** Jobs that open the connected apps' tokens: the scheduled refresh and the daily metrics collection. */
export const PLATFORM_JOBS = [integrationRefreshJob, metricsCollectJob] as const;

export const handler = jobWorkerHandler('job-platforms', PLATFORM_JOBS);
