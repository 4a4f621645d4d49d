import { clock } from '../clock';
import { log } from '../log';
import { feedWatchPartition, WATCH_SHARDS } from '../table/keys';
import { feeds } from './feed-entity';
import { armFeedPoll } from './feed-schedule';

/** Watches looked at per shard and sweep: a backlog clears over the next sweeps. */
const PER_SHARD = 200;
/** A re-armed poll runs this soon. */
const REARM_DELAY_MS = 60_000;

/**
 * Re-arms every feed poll whose chain died (a poll lost before it armed its successor, a
 * schedule removed by hand): a poll a minute away, which arms the next as every poll does.
 * Re-arming replaces the one schedule by name, so a sweep racing a late poll cannot make two chains.
 */
export async function sweepFeeds(now = clock.now()): Promise<{ rearmed: number }> {
  let rearmed = 0;
  for (let shard = 0; shard < WATCH_SHARDS; shard++) {
    const due = await feeds.query({
      index: 'GSI3',
      pk: feedWatchPartition(shard),
      sk: { atMost: `${now.toISOString()}#~` },
      limit: PER_SHARD,
    });
    for (const feed of due) {
      try {
        if (await armFeedPoll(feed.companyId, feed.id, new Date(now.getTime() + REARM_DELAY_MS))) rearmed++;
      } catch (error) {
        log('error', 'the feed sweeper could not re-arm a poll', {
          companyId: feed.companyId,
          feedId: feed.id,
          error: (error as Error).message,
        });
      }
    }
  }
  if (rearmed) log('warn', 'the feed sweeper re-armed polls whose chain had died', { rearmed });
  return { rearmed };
}
