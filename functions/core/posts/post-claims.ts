import { calendarMessages } from '@shared/schemas/calendar';
import { clock } from '../clock';
import { config } from '../config';
import { conflict } from '../errors';
import { currentBootId, isAbandoned } from '../jobs/watch';
import { emptyOutbox, type Outbox } from '../table/outbox';
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
 * call functions/core/posts/post-schedule.ts (one one-time schedule per scheduled post).
 */
export interface Claim {
  post: PostItem;
  /**
   * Set when the claim took over one whose lease had ended (its run crashed or was lost): when
   * that claim was made. The platform may hold a post made since then, so the run asks first.
   */
  takenOverSince?: string;
}

export async function claimForPublishing(companyId: number, postId: number, dueBy = clock.now()): Promise<Claim> {
  const post = await getPost(companyId, postId);
  const due =
    post.status === 'scheduled' &&
    (post.publish || (post.scheduledAt !== null && Date.parse(post.scheduledAt) <= dueBy.getTime()));
  // A lease ends by the clock itself, whatever instant a caller counts dueness by, or at once when
  // the boot that holds it is gone (the one recovery rule: jobs/watch.ts).
  const leaseEnded = post.status === 'in-progress' && claimAbandoned(post);
  if (!due && !leaseEnded) throw conflict(calendarMessages.notDue);
  const claimed = await writePost(
    {
      ...post,
      status: 'in-progress',
      // A takeover keeps the first claim's time: a post made by any run since then is found.
      updatedAt: leaseEnded ? post.updatedAt : new Date().toISOString(),
      leaseUntil: leaseEndsIn(config.publishLeaseMs),
      leaseBoot: currentBootId() ?? null,
      version: post.version + 1,
    },
    post.version,
  );
  return leaseEnded ? { post: claimed, takenOverSince: post.updatedAt } : { post: claimed };
}

/** Leases are times on the clock schedules fall due by, which the sweeper and claims read too. */
const leaseEndsIn = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

/** Whether a claim in progress is dead: its lease is past, or the boot that holds it is gone. */
export const claimAbandoned = (post: Pick<PostItem, 'leaseUntil' | 'leaseBoot' | 'updatedAt'>) =>
  isAbandoned(
    {
      watchUntil: post.leaseUntil ?? new Date(Date.parse(post.updatedAt) + config.publishLeaseMs).toISOString(),
      boot: post.leaseBoot,
    },
    clock.now().getTime(),
  );

/**
 * Whether a run should renew its claim before a step: less than half a lease is left, so a
 * step (up to its Lambda's timeout) cannot outlast it.
 */
export const claimRunsShort = (post: PostItem) =>
  Date.parse(post.leaseUntil ?? post.updatedAt) - clock.now().getTime() < config.publishLeaseMs / 2;

/**
 * A run that will wait (a container still processing, a rate limit) holds its claim through the
 * wait: the lease ends `waitSeconds` plus a full lease from now. Answers the post as renewed, whose
 * version the run then holds.
 */
export async function renewClaim(post: PostItem, waitSeconds: number): Promise<PostItem> {
  if (post.status !== 'in-progress') throw conflict(calendarMessages.notDue);
  const leaseUntil = leaseEndsIn(waitSeconds * 1000 + config.publishLeaseMs);
  return writePost(
    { ...post, leaseUntil, leaseBoot: currentBootId() ?? null, version: post.version + 1 },
    post.version,
  );
}

/**
 * What reports a post's new state (its webhook events), stored in the same transaction as the
 * state: the caller's, so this domain knows nothing of who is told.
 */
export type PostEvents = (post: PostItem) => Promise<Outbox>;

const noEvents: PostEvents = () => Promise.resolve(emptyOutbox);

/** Writes a post's end with its events, then hands the events on. */
async function writeReported(next: PostItem, readVersion: number, events: PostEvents): Promise<PostItem> {
  const outbox = await events(next);
  const written = await writePost(next, readVersion, outbox.writes);
  await outbox.afterCommit();
  return written;
}

export async function recordPublished(
  companyId: number,
  postId: number,
  result: { publishedAt: Date; externalId: string; permalink: string | null },
  /** The post as the caller just read it (saves a read; the write is still conditional on its version). */
  current?: PostItem,
  events: PostEvents = noEvents,
): Promise<PostItem> {
  const post = current?.companyId === companyId && current.id === postId ? current : await getPost(companyId, postId);
  if (post.status !== 'in-progress') throw conflict(calendarMessages.notDue);
  const publishedAt = result.publishedAt.toISOString();
  const next: PostItem = {
    ...post,
    status: 'published',
    publish: false,
    publishedAt,
    date: publishedAt,
    externalId: result.externalId,
    permalink: result.permalink,
    failure: null,
    leaseUntil: null,
    leaseBoot: null,
    updatedAt: publishedAt,
    version: post.version + 1,
  };
  return writeReported(next, post.version, events);
}

export async function recordPublishFailure(
  companyId: number,
  postId: number,
  message: string,
  now = new Date(),
  /** The version the failing run claimed: a run whose claim was taken over fails nothing. */
  claimedVersion?: number,
  events: PostEvents = noEvents,
): Promise<PostItem> {
  const post = await getPost(companyId, postId);
  if (post.status !== 'in-progress') throw conflict(calendarMessages.notDue);
  if (claimedVersion !== undefined && post.version !== claimedVersion) throw conflict(calendarMessages.notDue);
  const next: PostItem = {
    ...post,
    status: 'failed',
    publish: false,
    failure: message,
    leaseUntil: null,
    leaseBoot: null,
    updatedAt: now.toISOString(),
    version: post.version + 1,
  };
  return writeReported(next, post.version, events);
}
