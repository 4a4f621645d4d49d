import { isBlogPlatform } from '@shared/platforms';
import { calendarMessages } from '@shared/schemas/calendar';
import { hasPaidPlan } from '../billing/paid-plan';
import type { PostItem } from '../posts/post-entity';
import { getPost } from '../posts/post-store';
import { getCompany } from '../companies/company-store';
import {
  claimForPublishing,
  claimRunsShort,
  recordPublished,
  recordPublishFailure,
  renewClaim,
} from '../posts/post-claims';
import { DomainError } from '../errors';
import { PublishRefused, type PublishedPost, type Publisher } from '../integrations/platform-client';
import { DuplicatePostError, PlatformError } from '../integrations/platform-error';
import { log } from '../log';
import { noticePublishFailure } from '../notifications/publish-failure-notice';
import type { PublishInput, PublishRun } from '../posts/publish-input';
import { markIfExpired, withPublisher } from './publish-target';
import { commentWaiting, sendFirstComment } from './first-comment-step';
import { postEvents } from './post-events';

/** Blog posts for a custom blog are published by hand: the editor offers them for the clipboard (spec 01 §4). */
export const customBlogSentence =
  'Custom blog posts are published by hand. Open the post, copy it and publish it on your blog.';

const publishSentences = {
  noPlan: "Posts are not published if you don't have a plan. Upgrade on the billing page, then publish again.",
  stuck: (platform: string) =>
    `${platform} took too long to prepare this post's video. Publish again, or try a shorter video.`,
  crashed: 'Something went wrong while publishing this post. Please try Publish Now again.',
};

/** Container polls, 5 s apart (a video may take a few minutes), before the publish gives up. */
const MAX_POLLS = 60;
const POLL_SECONDS = 5;
/** Create attempts: after a rate limit (provably nothing created) or an unknown outcome. */
const MAX_ATTEMPTS = 5;
/** The wait after an unknown outcome before looking the post up: 5, 10, 20, 40 s. */
const unknownBackoff = (attempt: number) => 5 * 2 ** Math.max(0, attempt - 1);
/** A rate limit's wait, as the platform says; at most a day (LinkedIn's limits reset at midnight UTC). */
const rateLimitWait = (seconds: number | undefined) => Math.min(Math.max(1, Math.ceil(seconds ?? 60)), 24 * 3600);

const fail = (message: string): PublishRun => ({ next: 'fail', message });

/** Instagram and Threads publish through containers, which Advance creates and polls. */
const CONTAINER_PLATFORMS: ReadonlySet<string> = new Set(['instagram', 'threads']);

/**
 * Step "Start": claims the post (scheduled and due or flagged → in-progress, on the version
 * read: a duplicate trigger or a second execution gets a 409 and stops here), then checks the
 * company (a demo never publishes) and the plan. A post with nothing to prepare (no files, no
 * containers; a WordPress post's image goes up with it) is created here; a retried Start finds
 * it claimed and skips, so it never creates twice. Custom blog posts end with the clipboard
 * sentence.
 */
export async function startPublish(input: PublishInput, now = new Date()): Promise<PublishRun> {
  let post: PostItem;
  let takenOverSince: string | undefined;
  try {
    ({ post, takenOverSince } = await claimForPublishing(input.companyId, input.postId));
  } catch (error) {
    if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'not-found')) {
      // Published already, its first comment not yet posted (a run that died, found by the sweeper).
      if (error.kind === 'conflict' && commentWaiting(await getPost(input.companyId, input.postId)))
        return { next: 'comment', phase: 'comment' };
      log('info', 'publish skipped', { ...input, reason: error.message });
      return { next: 'skip' };
    }
    throw error;
  }
  const claim = { claimedVersion: post.version };
  // A demo company is a showcase: its posts reach no platform, whatever was scheduled before.
  if ((await getCompany(post.companyId))?.demo) return { ...fail(calendarMessages.demoNoPublishing), ...claim };
  if (!(await hasPaidPlan(post.companyId))) return { ...fail(publishSentences.noPlan), ...claim };
  if (post.platform === 'custom-blog') return { ...fail(customBlogSentence), ...claim };
  // A claim taken over from a run that was lost may follow a create that happened: the lookup
  // first, for posts made since that claim.
  const since = takenOverSince ?? now.toISOString();
  const unknown = takenOverSince !== undefined;
  const run: PublishRun = { next: 'advance', since, progress: null, polls: 0, attempts: 0, unknown, ...claim };
  // Nothing to prepare (no files, no containers; a blog post's image goes up with it): the
  // create call at once, in this step, on the post just claimed: one task and one read fewer.
  if (isBlogPlatform(post.platform) || (post.files.length === 0 && !CONTAINER_PLATFORMS.has(post.platform))) {
    return keepingClaim(run, await sendClaimed(post, { ...run, next: 'send', progress: {} }));
  }
  return run;
}

/**
 * The post as this run's step sees it, with the run holding its claim, or undefined when the
 * run no longer holds it (taken over after its lease ended). A claim with less than half a
 * lease left is renewed first, so the step cannot outlast it.
 */
async function heldPost(
  input: PublishInput,
  run: PublishRun,
): Promise<{ post: PostItem; run: PublishRun } | undefined> {
  const post = await getPost(input.companyId, input.postId);
  if (post.status !== 'in-progress') return undefined;
  if (run.claimedVersion !== undefined && post.version !== run.claimedVersion) return undefined;
  if (!claimRunsShort(post)) return { post, run };
  const renewed = await renewClaim(post, 0);
  return { post: renewed, run: { ...run, claimedVersion: renewed.version } };
}

/** A step's outcome keeps the claim the run holds, the failure step's included. */
const keepingClaim = (run: PublishRun, next: PublishRun): PublishRun => ({
  ...next,
  claimedVersion: next.claimedVersion ?? run.claimedVersion,
});

/** A run about to wait keeps its claim through the wait (and holds the renewed version). */
async function holdingThroughWait(post: PostItem, run: PublishRun): Promise<PublishRun> {
  if ((run.next !== 'wait' && run.next !== 'retry') || run.waitSeconds === undefined) return run;
  const renewed = await renewClaim(post, run.waitSeconds);
  return { ...run, claimedVersion: renewed.version };
}

/** What a platform error means for the next step: retry later, or end with its sentence. */
async function afterPlatformError(post: PostItem, error: unknown, run: PublishRun, unknownOutcome: boolean) {
  if (error instanceof PublishRefused) return fail(error.message);
  if (!(error instanceof PlatformError)) throw error;
  log('warn', 'platform refused a publish step', {
    postId: post.id,
    platform: post.platform,
    failure: error.failure,
    detail: error.detail,
  });
  await markIfExpired(post.companyId, error);
  const attempts = (run.attempts ?? 0) + 1;
  if (!error.transient || attempts >= MAX_ATTEMPTS) return fail(error.message);
  if (error.failure === 'rate-limited') {
    // A rate-limited call created nothing: the same call may simply run again after the wait.
    return { ...run, attempts, waitSeconds: rateLimitWait(error.retryAfterSeconds), unknown: run.unknown ?? false };
  }
  return { ...run, attempts, waitSeconds: unknownBackoff(attempts), unknown: run.unknown || unknownOutcome };
}

/**
 * Step "Advance": prepares what the platform needs before the post exists (containers,
 * unpublished photos, uploaded images; none of it visible) and polls containers until they
 * are FINISHED. Safe to repeat: nothing here publishes.
 */
export async function advancePublish(input: PublishInput, run: PublishRun): Promise<PublishRun> {
  const held = await heldPost(input, run);
  if (!held) return { next: 'skip' };
  return holdingThroughWait(held.post, keepingClaim(held.run, await advanceHeld(held.post, held.run)));
}

async function advanceHeld(post: PostItem, run: PublishRun): Promise<PublishRun> {
  try {
    const advanced = await withPublisher(post, async (publisher, request) => {
      publisher.check(request);
      return publisher.advance(request, run.progress ?? (await publisher.prepare(request)));
    });
    if (advanced.state === 'failed') return fail(advanced.message);
    if (advanced.state === 'ready') return { ...run, next: 'send', progress: advanced.progress, waitSeconds: 0 };
    const polls = (run.polls ?? 0) + 1;
    if (polls >= MAX_POLLS) return fail(publishSentences.stuck(post.platform));
    return { ...run, next: 'wait', progress: advanced.progress, polls, waitSeconds: POLL_SECONDS };
  } catch (error) {
    const next = await afterPlatformError(post, error, run, false);
    return next.next === 'fail' ? next : { ...next, next: 'wait' };
  }
}

/**
 * Step "Send": creates the post, the one call that makes something visible. It runs again
 * only when the last attempt provably created nothing (a rate limit) or after the platform
 * was asked whether the post exists (an unknown outcome: a 5xx, a timeout); a post found
 * there is recorded as published instead of being created twice.
 */
export async function sendPublish(input: PublishInput, run: PublishRun): Promise<PublishRun> {
  if (run.phase === 'comment') return sendFirstComment(input, run);
  const held = await heldPost(input, run);
  if (!held) return { next: 'skip' };
  return keepingClaim(held.run, await sendClaimed(held.post, held.run));
}

/** The create call (or the lookup first, after an unknown outcome) for a post in progress. */
async function sendClaimed(post: PostItem, run: PublishRun): Promise<PublishRun> {
  let published: PublishedPost;
  try {
    published = await withPublisher(post, (publisher, request) => send(publisher, request, post, run));
  } catch (error) {
    const next = await afterPlatformError(post, error, run, true);
    return next.next === 'fail' ? next : holdingThroughWait(post, { ...next, next: 'retry' });
  }
  const recorded = await recordPublished(
    post.companyId,
    post.id,
    { publishedAt: new Date(), ...published },
    post,
    postEvents.published,
  );
  // The first comment follows in Send again, on its own claim: the post is published whatever becomes of it.
  return recorded.firstComment ? { next: 'comment', phase: 'comment' } : { next: 'done' };
}

/** Send, on any platform: the lookup first when the last outcome is unknown, else the create. */
async function send<R>(publisher: Publisher<R>, request: R, post: PostItem, run: PublishRun): Promise<PublishedPost> {
  publisher.check(request);
  if (run.unknown) {
    const found = await publisher.find(request, new Date(run.since ?? post.updatedAt));
    if (found) {
      log('info', 'publish outcome found on the platform', { postId: post.id, platform: post.platform });
      return found;
    }
  }
  try {
    return await publisher.create(request, run.progress ?? {});
  } catch (error) {
    // After an unknown outcome, "already posted" is most likely this post, made by the attempt
    // whose answer was lost: looked up (or taken from the refusal) and recorded published. To the
    // user, failing it would say to change a text that is live, and following that would post twice.
    if (!(error instanceof DuplicatePostError) || !run.unknown) throw error;
    const found = await publisher.find(request, new Date(run.since ?? post.updatedAt));
    if (found) return found;
    if (error.existingId) return { externalId: error.existingId, permalink: null };
    throw error;
  }
}

/**
 * Step "RecordFailure": the post ends `failed` with the sentence (on condition that it is
 * still in progress, so a repeated failure notices once), and the company is told.
 */
export async function failPublish(
  input: PublishInput,
  message: string | undefined,
  claimedVersion?: number,
): Promise<void> {
  const sentence = message ?? publishSentences.crashed;
  let post: PostItem;
  try {
    post = await recordPublishFailure(
      input.companyId,
      input.postId,
      sentence,
      new Date(),
      claimedVersion,
      postEvents.failed,
    );
  } catch (error) {
    if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'not-found')) return;
    throw error;
  }
  await noticePublishFailure(post, sentence);
}
