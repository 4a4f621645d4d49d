import { webhookDeliveryJob } from '../core/public-api/webhook-job';
import { jobWorkerHandler } from './jobs/job-worker';

/** Webhook delivery attempts: they open a webhook's signing secret and no platform token, and touch no file. */
export const DELIVERY_JOBS = [webhookDeliveryJob] as const;

export const handler = jobWorkerHandler('job-deliveries', DELIVERY_JOBS);
