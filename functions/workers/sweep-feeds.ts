import { z } from 'zod';
import { sweepFeeds } from '../core/feeds/feed-sweeper';
import { workerHandler } from '../core/jobs/worker-handler';

/** The feed sweeper, run hourly by an EventBridge rule (workers.ts, RECURRING_WORKERS); its event says nothing it needs. */
export const handler = workerHandler(z.unknown(), () => sweepFeeds());
