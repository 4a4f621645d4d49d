import { randomUUID } from 'node:crypto';
import { FEED_POLL_MINUTES } from '@shared/schemas/feeds';
import type { RunJobInput } from '../jobs/job-store';
import { companyScheduleName, scheduler } from '../scheduler/scheduler-port';
import { index, keys } from '../table/keys';
import { feeds } from './feed-entity';

export const FEED_POLL_JOB_KIND = 'feed-poll';

/** One schedule per feed, under the company's prefix so the company cascade finds it. */
export const feedScheduleName = (companyId: number, feedId: string) => companyScheduleName(companyId, `feed-${feedId}`);

/** A poll is late when it has not run this long after its time (its workflow retries within minutes). */
const FEED_WATCH_GRACE_MS = 2 * 3600_000;

export const nextFeedPoll = (now = Date.now()) => new Date(now + FEED_POLL_MINUTES * 60_000);

/**
 * Arms the feed's next poll (one-time schedule `c<companyId>-feed-<feedId>`, which starts the
 * run-job workflow with the feed-poll job), replacing one already armed. Each poll arms the
 * next before it reads the feed, so it recurs while the feed exists. The watch (on the feed
 * item) is written first: a crash between the two leaves a watch without a schedule, which the
 * feed sweeper re-arms. Answers false when the feed is gone (removed meanwhile): nothing armed.
 */
export async function armFeedPoll(companyId: number, feedId: string, at: Date): Promise<boolean> {
  const watchAt = new Date(at.getTime() + FEED_WATCH_GRACE_MS).toISOString();
  const watched = await feeds.change(keys.feed(companyId, feedId), {
    set: { runAt: at.toISOString(), watchAt },
    // The sparse index key moves with watchAt.
    indexes: index.feedWatch(companyId, feedId, watchAt),
    ifExists: true,
  });
  if (!watched) return false;
  // run-job carries the poll; its job id names no job item, so nothing is polled or recorded.
  const input: RunJobInput = {
    uuid: `feed-${randomUUID()}`,
    kind: FEED_POLL_JOB_KIND,
    companyId,
    userId: 0,
    input: { feedId, scheduled: true },
  };
  await scheduler().upsert({ name: feedScheduleName(companyId, feedId), at, workflow: 'run-job', input });
  return true;
}
