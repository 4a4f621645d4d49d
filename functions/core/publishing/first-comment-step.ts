import { PLATFORM_LABELS, type SocialPlatform } from '@shared/schemas/integrations';
import type { PostItem } from '../posts/post-entity';
import type { FirstCommentItem } from '../posts/first-comment-item';
import { getPost, writePost } from '../posts/post-store';
import { clock } from '../clock';
import { config } from '../config';
import { DomainError } from '../errors';
import { platformClient } from '../integrations/platforms';
import { PublishRefused } from '../integrations/platform-client';
import { PlatformError } from '../integrations/platform-error';
import { currentBootId, isAbandoned } from '../jobs/watch';
import { log } from '../log';
import type { PublishInput, PublishRun } from '../posts/publish-input';
import { markIfExpired, publishRequest } from './publish-target';

/** Comment attempts after a rate limit or an unknown outcome, before it ends failed. */
const MAX_COMMENT_ATTEMPTS = 5;

/** The sentence a failed first comment shows on the post, which stays published. */
const firstCommentSentence = (platform: SocialPlatform, reason: string) =>
  `The post is published on ${PLATFORM_LABELS[platform]}, but its first comment was not posted: ${reason}`;

const refusedComment = (platform: SocialPlatform) =>
  `${PLATFORM_LABELS[platform]} refused the comment. Check its words and links, then comment on the post yourself.`;

const leaseFrom = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

/** A published post whose first comment no run is posting now (pending, or sending past its lease). */
export function commentWaiting(post: PostItem): boolean {
  const comment = post.firstComment;
  if (post.status !== 'published' || !comment) return false;
  if (comment.status === 'pending') return true;
  return (
    comment.status === 'sending' &&
    isAbandoned(
      { watchUntil: comment.leaseUntil ?? clock.now().toISOString(), boot: comment.leaseBoot },
      clock.now().getTime(),
    )
  );
}

/** Writes the comment's next state on the post, on the version read; undefined when another write got there first. */
async function writeComment(post: PostItem, comment: FirstCommentItem): Promise<PostItem | undefined> {
  try {
    return await writePost({ ...post, firstComment: comment, version: post.version + 1 }, post.version);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'conflict') return undefined;
    throw error;
  }
}

/**
 * Send, for a published post's first comment. Like the post itself, it is claimed on the post's
 * version (pending → sending, with a lease), so one run posts it; the create call runs again only
 * after a rate limit (nothing was made) or once the post's comments were read and the comment
 * was not among them (a run that crashed, or took over an ended lease, may have made it). Its
 * failure is its own: the post stays published, the comment ends failed with a sentence.
 */
export async function sendFirstComment(input: PublishInput, run: PublishRun): Promise<PublishRun> {
  let post: PostItem;
  try {
    post = await getPost(input.companyId, input.postId);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not-found') return { next: 'skip' };
    throw error;
  }
  const comment = post.firstComment;
  if (post.status !== 'published' || !post.externalId || !comment) return { next: 'done' };
  const held = comment.status === 'sending' && run.claimedVersion === post.version;
  if (!held && !commentWaiting(post)) return { next: 'skip' };
  // A comment found sending was being posted by a run now gone: its outcome is unknown.
  let unknown = held ? (run.unknown ?? false) : comment.status === 'sending';
  const since = comment.since ?? new Date().toISOString();
  const claimed = await writeComment(post, {
    ...comment,
    status: 'sending',
    since,
    leaseUntil: leaseFrom(config.publishLeaseMs),
    leaseBoot: currentBootId() ?? null,
  });
  if (!claimed) return { next: 'skip' };
  const platform = post.platform as SocialPlatform;
  const commenter = platformClient(platform).publisher.comment;
  const text = claimed.firstComment?.text ?? '';
  const end = async (outcome: Partial<FirstCommentItem>): Promise<PublishRun> => {
    await writeComment(claimed, {
      ...(claimed.firstComment as FirstCommentItem),
      leaseUntil: null,
      leaseBoot: null,
      ...outcome,
    });
    return { next: 'done' };
  };
  if (!commenter) return end({ status: 'failed', error: firstCommentSentence(platform, 'it takes no first comment.') });
  let made: { externalId: string };
  try {
    const request = await publishRequest(claimed, platform);
    const found = unknown ? await commenter.find(request, post.externalId, text, new Date(since)) : undefined;
    if (found) log('info', 'first comment found on the platform', { postId: post.id });
    made = found ?? (await commenter.create(request, post.externalId, text));
  } catch (error) {
    if (error instanceof PublishRefused)
      return end({ status: 'failed', error: firstCommentSentence(platform, error.message) });
    if (!(error instanceof PlatformError)) throw error;
    log('warn', 'platform refused a first comment', { postId: post.id, failure: error.failure, detail: error.detail });
    await markIfExpired(post.companyId, error);
    const attempts = (run.attempts ?? 0) + 1;
    if (!error.transient || attempts >= MAX_COMMENT_ATTEMPTS) {
      // The generic refusal says to reconnect, which is not what a refused comment needs.
      const reason = error.failure === 'rejected' ? refusedComment(platform) : error.message;
      return end({ status: 'failed', error: firstCommentSentence(platform, reason) });
    }
    unknown = unknown || error.failure !== 'rate-limited';
    const waitSeconds =
      error.failure === 'rate-limited'
        ? Math.min(Math.max(1, Math.ceil(error.retryAfterSeconds ?? 60)), 3600)
        : 5 * 2 ** (attempts - 1);
    // Held through the wait: the lease covers it, so the sweeper leaves this run alone.
    const renewed = await writeComment(claimed, {
      ...(claimed.firstComment as FirstCommentItem),
      leaseUntil: leaseFrom(waitSeconds * 1000 + config.publishLeaseMs),
    });
    if (!renewed) return { next: 'skip' };
    return { next: 'retry', phase: 'comment', attempts, unknown, waitSeconds, claimedVersion: renewed.version };
  }
  return end({ status: 'posted', externalId: made.externalId, error: null, postedAt: new Date().toISOString() });
}
