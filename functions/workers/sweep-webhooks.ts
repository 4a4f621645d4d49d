import { z } from 'zod';
import { workerHandler } from '../core/jobs/worker-handler';
import { sweepWebhooks } from '../core/public-api/webhook-deliveries';

/** The webhook sweeper, run every minute by an EventBridge rule (workers.ts, RECURRING_WORKERS); its event says nothing it needs. */
export const handler = workerHandler(z.unknown(), () => sweepWebhooks());
