import { z } from 'zod';
import { workerHandler } from '../core/jobs/worker-handler';
import { sweepMetrics } from '../core/reports/metrics-sweeper';

/** The metrics sweeper, run hourly by an EventBridge rule (workers.ts, RECURRING_WORKERS); its event says nothing it needs. */
export const handler = workerHandler(z.unknown(), () => sweepMetrics());
