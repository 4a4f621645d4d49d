import { posts, type PostItem } from '../posts/post-entity';
import { commentWaiting } from './first-comment-step';
import { clock } from '../clock';
import { postWatchAt } from '../posts/post-watch';
import { claimAbandoned } from '../posts/post-claims';
import { currentBootId } from '../jobs/watch';
import { workflows } from '../jobs/workflow-port';
import { log } from '../log';
import { postWatchPartition, WATCH_SHARDS } from '../table/keys';

/** Posts looked at per shard and sweep. */
const PER_SHARD = 200;

/**
 * What a boot's first sweep starts beside what is due by the clock: claims of a dead boot (the
 * post's, or its first comment's), and Publish Now asked or schedules fallen due before the
 * restart, whose run may have died with the process (a start this boot made itself is the same
 * run twice: the claim lets one publish).
 */
function takenBackAtRestart(post: PostItem, now: Date): boolean {
  if (Date.parse(postWatchAt(post) ?? '') <= now.getTime()) return true;
  if (post.status === 'in-progress') return claimAbandoned(post);
  if (post.status === 'scheduled')
    return post.publish || (post.scheduledAt !== null && Date.parse(post.scheduledAt) <= now.getTime());
  return commentWaiting(post);
}

/** The boot whose first sweep has run (embedded runtime only). */
let sweptBoot: string | undefined;

/**
 * Starts the publish workflow again for every post whose watch time has passed
 * (posts/post-watch.ts): a Publish Now or a schedule that no run claimed (the start was lost
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
    const due = restart ? found.filter((post) => takenBackAtRestart(post, now)) : found;
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
