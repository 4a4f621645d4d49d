import { posts } from '../calendar/post-entity';
import { clock } from '../clock';
import { postWatchAt } from '../calendar/post-watch';
import { claimAbandoned } from '../calendar/publishing';
import { currentBootId } from '../jobs/watch';
import { workflows } from '../jobs/workflow-port';
import { log } from '../log';
import { postWatchPartition, WATCH_SHARDS } from '../table/keys';

/** Posts looked at per shard and sweep. */
const PER_SHARD = 200;

/** The boot whose first sweep has run (embedded runtime only). */
let sweptBoot: string | undefined;

/**
 * Starts the publish workflow again for every post whose watch time has passed
 * (calendar/post-watch.ts): a Publish Now or a schedule that no run claimed (the start was lost
 * in a crash or failed), or a claim whose lease ended (its run died). Each start has a name of
 * its own, and the workflow's claim, on the post's version, lets one run publish; a run that
 * takes over an ended claim looks the post up on the platform before creating it.
 */
export async function sweepPosts(now = clock.now()): Promise<{ started: number }> {
  let started = 0;
  // The first sweep of an embedded runtime's boot also looks past the clock: a claim of an earlier
  // boot is dead however long its lease (jobs/watch.ts), so a restart takes it back at once rather
  // than after the lease. Claims sort by their lease, ahead of schedules days away.
  const boot = currentBootId();
  const restart = boot !== undefined && sweptBoot !== boot;
  for (let shard = 0; shard < WATCH_SHARDS; shard++) {
    // One page per shard: a sweep stays short, and a backlog clears over the next sweeps.
    const found = await posts.query({
      index: 'GSI3',
      pk: postWatchPartition(shard),
      sk: { atMost: restart ? '~' : `${now.toISOString()}#~` },
      limit: PER_SHARD,
    });
    const due = restart
      ? found.filter(
          (post) =>
            Date.parse(postWatchAt(post) ?? '') <= now.getTime() ||
            (post.status === 'in-progress' && claimAbandoned(post)),
        )
      : found;
    for (const post of due) {
      const name = `publish-c${post.companyId}-p${post.id}-v${post.version}-sweep-${Date.now()}`;
      try {
        await workflows().start('publish-post', { companyId: post.companyId, postId: post.id, trigger: 'sweep' }, name);
        started++;
      } catch (error) {
        log('error', 'the sweeper could not start a publish', { postId: post.id, error: (error as Error).message });
      }
    }
  }
  if (restart) sweptBoot = boot;
  if (started) log('warn', 'the sweeper started publishes nothing else had moved on', { started });
  return { started };
}
