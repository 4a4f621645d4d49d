import type { PostItem } from './post-entity';
import { workflows } from '../jobs/workflow-port';
import { companyScheduleName, scheduler } from '../scheduler/scheduler-port';
import { log } from '../log';
import type { PublishInput } from './publish-input';

/** One one-time schedule per scheduled post, under the company's prefix so the cascade finds it. */
export const postScheduleName = (companyId: number, postId: number) => companyScheduleName(companyId, `post-${postId}`);

/** The execution name makes a repeated start of the same version a no-op (Step Functions refuses reused names). */
const executionName = (post: Pick<PostItem, 'companyId' | 'id' | 'version'>, trigger: string) =>
  `publish-c${post.companyId}-p${post.id}-v${post.version}-${trigger}`;

const input = (post: Pick<PostItem, 'companyId' | 'id'>, trigger: string): PublishInput => ({
  companyId: post.companyId,
  postId: post.id,
  trigger,
});

const waitsForSchedule = (post: PostItem | undefined) =>
  post?.status === 'scheduled' && !post.publish && post.scheduledAt !== null;

/**
 * Called by post-store after a post was written: a scheduled post gets (or moves) its schedule;
 * Publish Now drops the schedule and starts the publish workflow at once; any other state
 * drops a schedule the post had. The workflow claims the post on its version, so a schedule
 * that fires while Publish Now runs publishes nothing twice.
 */
export async function afterPostWritten(before: PostItem | undefined, after: PostItem): Promise<void> {
  const name = postScheduleName(after.companyId, after.id);
  if (waitsForSchedule(after)) {
    if (before?.scheduledAt === after.scheduledAt && waitsForSchedule(before)) return;
    await bestEffort('schedule', after, () =>
      scheduler().upsert({
        name,
        at: new Date(after.scheduledAt ?? 0),
        workflow: 'publish-post',
        input: input(after, 'schedule'),
      }),
    );
    return;
  }
  if (waitsForSchedule(before)) await scheduler().remove(name);
  if (after.status === 'scheduled' && after.publish) {
    await bestEffort('start', after, () =>
      workflows().start('publish-post', input(after, 'now'), executionName(after, 'now')),
    );
  }
}

/**
 * The post is written, with the time the sweeper looks at it if nothing moves it on
 * (posts/post-watch.ts): a schedule or a start that fails here is made up for there, so the
 * user's request, which was kept, is not answered as a failure.
 */
async function bestEffort(what: string, post: PostItem, trigger: () => Promise<void>) {
  try {
    await trigger();
  } catch (error) {
    log('error', `a post's ${what} failed; the sweeper will start it`, {
      postId: post.id,
      error: (error as Error).message,
    });
  }
}

/** A deleted post's schedule goes with it. */
export async function afterPostDeleted(post: PostItem): Promise<void> {
  if (waitsForSchedule(post)) await scheduler().remove(postScheduleName(post.companyId, post.id));
}
