import { calendarMessages } from '@shared/schemas/calendar';
import { clock } from '../clock';
import { conflict } from '../errors';
import type { PostItem } from './post-entity';
import { getPost, writePost } from './post-store';

/**
 * The seam the publish workflow (functions/core/publishing/publish-steps.ts) calls; nothing
 * here talks to a platform. A post is due when it is `scheduled` and either its `scheduledAt` has come or its
 * `publish` flag is set (Publish Now). The workflow:
 *   1. `claimForPublishing` moves it to `in-progress` on condition of the version it read, so a
 *      duplicate trigger, or an edit racing the trigger, makes the second caller stop (409);
 *   2. publishes on the platform;
 *   3. `recordPublished` or `recordPublishFailure` ends it (`published` with its time, id and
 *      permalink; or `failed` with the sentence the calendar's red dot shows).
 * Schedules are kept where posts change state: post-store's createPosts/updatePost/deletePost
 * call functions/core/publishing/post-schedule.ts (one one-time schedule per scheduled post).
 */
export async function claimForPublishing(companyId: number, postId: number, dueBy = clock.now()): Promise<PostItem> {
  const post = await getPost(companyId, postId);
  const due =
    post.status === 'scheduled' &&
    (post.publish || (post.scheduledAt !== null && Date.parse(post.scheduledAt) <= dueBy.getTime()));
  if (!due) throw conflict(calendarMessages.notDue);
  return writePost(
    { ...post, status: 'in-progress', updatedAt: new Date().toISOString(), version: post.version + 1 },
    post.version,
  );
}

export async function recordPublished(
  companyId: number,
  postId: number,
  result: { publishedAt: Date; externalId: string; permalink: string | null },
  /** The post as the caller just read it (saves a read; the write is still conditional on its version). */
  current?: PostItem,
): Promise<PostItem> {
  const post = current?.companyId === companyId && current.id === postId ? current : await getPost(companyId, postId);
  if (post.status !== 'in-progress') throw conflict(calendarMessages.notDue);
  const publishedAt = result.publishedAt.toISOString();
  return writePost(
    {
      ...post,
      status: 'published',
      publish: false,
      publishedAt,
      date: publishedAt,
      externalId: result.externalId,
      permalink: result.permalink,
      failure: null,
      updatedAt: publishedAt,
      version: post.version + 1,
    },
    post.version,
  );
}

export async function recordPublishFailure(
  companyId: number,
  postId: number,
  message: string,
  now = new Date(),
): Promise<PostItem> {
  const post = await getPost(companyId, postId);
  if (post.status !== 'in-progress') throw conflict(calendarMessages.notDue);
  return writePost(
    {
      ...post,
      status: 'failed',
      publish: false,
      failure: message,
      updatedAt: now.toISOString(),
      version: post.version + 1,
    },
    post.version,
  );
}
