import { sweepPosts } from '../core/publishing/post-sweeper';

/** The post sweeper, run every minute by an EventBridge rule (workers.ts, RECURRING_WORKERS). */
export const handler = (): Promise<{ started: number }> => sweepPosts();
