import { z } from 'zod';
import { workerHandler } from '../core/jobs/worker-handler';
import { sweepPosts } from '../core/publishing/post-sweeper';

/** The post sweeper, run every minute by an EventBridge rule (workers.ts, RECURRING_WORKERS); its event says nothing it needs. */
export const handler = workerHandler(z.unknown(), () => sweepPosts());
