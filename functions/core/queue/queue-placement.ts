import { slotInstants } from '@shared/queue-slots';
import {
  MAX_QUEUED_PER_PLATFORM,
  QUEUE_HORIZON_WEEKS,
  QUEUE_LEAD_MS,
  QUEUE_PLATFORMS,
  queueMessages,
  type QueuePlatform,
  type QueueSettingsInput,
} from '@shared/schemas/queue';
import { afterApprovalWrite } from '../approvals/approval-notices';
import type { PostItem } from '../posts/post-entity';
import { getPost, postWrite, requireCanPublish, updatePost } from '../posts/post-store';
import { requirePaidPlan } from '../billing/paid-plan';
import { assertEditable, transition } from '../posts/post-transitions';
import { clock } from '../clock';
import { conflict, DomainError, invalid } from '../errors';
import { afterPostWritten } from '../posts/post-schedule';
import { conflictedItems } from '../table/conditional';
import { transact, type TransactionItem } from '../table/entity';
import {
  claimSlot,
  platformClaims,
  queueSettingsOf,
  releaseSlot,
  saveQueueSettings,
  storedClaim,
  type PlatformClaims,
} from './queue-store';

const WEEK_MS = 7 * 86_400_000;
const isQueuePlatform = (platform: string): platform is QueuePlatform =>
  (QUEUE_PLATFORMS as readonly string[]).includes(platform);

/** A slot is handed out only QUEUE_LEAD_MS ahead: a post is never queued into a slot about to fire. */
const leadTime = (now: Date) => new Date(now.getTime() + QUEUE_LEAD_MS);

/**
 * Add to queue: each post of the group is scheduled in the next free slot of its platform, as
 * Schedule would (its rules, approval and the paid plan: updatePost), with the slot's claim in the
 * post's own transaction. Of two posts racing for one slot, the second's transaction is refused
 * and it takes the slot after. A post that already holds a slot stays in it, so a repeated Add
 * (a double click, a retried request) moves nothing.
 */
export async function addToQueue(
  companyId: number,
  postIds: readonly number[],
  editorId: number,
  zone: string | undefined,
  now = clock.now(),
): Promise<PostItem[]> {
  await requireCanPublish(companyId);
  const { settings, isDefault } = await queueSettingsOf(companyId, zone);
  // The first Add keeps the defaults it used, in the zone it was made in, as the company's own.
  if (isDefault) await saveQueueSettings(companyId, settings, now);
  const queued: PostItem[] = [];
  for (const postId of postIds) queued.push(await addOne(companyId, postId, editorId, settings, now));
  return queued;
}

async function addOne(
  companyId: number,
  postId: number,
  editorId: number,
  settings: QueueSettingsInput,
  now: Date,
): Promise<PostItem> {
  const post = await getPost(companyId, postId);
  if (!isQueuePlatform(post.platform)) throw invalid(queueMessages.customBlog);
  assertEditable(post.status);
  const platform = post.platform;
  const after = leadTime(now);
  const slots = slotInstants(
    settings.slots[platform],
    settings.timeZone,
    after,
    new Date(now.getTime() + QUEUE_HORIZON_WEEKS * WEEK_MS),
  );
  if (!slots.length) throw invalid(queueMessages.noSlots(platform));
  // A few rounds: each lost race reads the claims again and goes on from the slot it lost.
  for (let round = 0; round < 10; round++) {
    const claims = await platformClaims(companyId, platform, after);
    const own = claims.held.find((h) => h.post.id === postId);
    if (own) return own.post;
    if (claims.held.length >= MAX_QUEUED_PER_PLATFORM) throw invalid(queueMessages.tooMany(platform));
    const taken = new Set(claims.held.map((h) => h.claim.at));
    const at = slots.map((s) => s.toISOString()).find((iso) => !taken.has(iso));
    if (!at) throw invalid(queueMessages.full(platform));
    const previous = claims.stale.get(at)?.postId;
    try {
      return await updatePost(
        companyId,
        postId,
        { action: 'schedule', scheduledAt: at },
        editorId,
        afterApprovalWrite,
        now,
        [claimSlot(companyId, platform, at, postId, previous)],
      );
    } catch (error) {
      if (!(await lostTheSlot(error, companyId, platform, at, postId))) throw error;
    }
  }
  throw conflict(queueMessages.changed);
}

/**
 * Whether a refused write lost its slot to another post (try the next one) rather than failing
 * for a reason of its own (a stale post, a rule, the plan), which the caller hears as it is.
 */
async function lostTheSlot(error: unknown, companyId: number, platform: QueuePlatform, at: string, postId: number) {
  // Two transactions on one slot at the same moment: DynamoDB cancels one, and nothing was written.
  if (conflictedItems(error).length) return true;
  if (!(error instanceof DomainError && error.kind === 'conflict')) return false;
  const claim = await storedClaim(companyId, platform, at);
  if (!claim) return false;
  // Held by this very post: a concurrent Add of the same group got there first; the next round finds it.
  if (claim.postId === postId) return true;
  const holder = await getPost(companyId, claim.postId).catch(() => undefined);
  return holder?.status === 'scheduled' && holder.scheduledAt === at;
}

/** A queued post moved to another slot: a reschedule of a scheduled post, as a calendar move is (its time must be ahead). */
function moved(current: PostItem, at: string, now: Date): PostItem {
  const state = transition(current, 'save', at, now);
  return {
    ...current,
    status: state.status,
    scheduledAt: state.scheduledAt,
    publish: state.publish,
    date: state.date,
    updatedAt: now.toISOString(),
    version: current.version + 1,
  };
}

interface Move {
  post: PostItem;
  to: string;
}

/**
 * Moves queued posts of one platform between slots in one transaction: each post on condition of
 * its version, each slot's claim on condition of the post that held it (or of none), so a post
 * edited or a slot taken meanwhile refuses the whole move (409) and nothing changes. Then each
 * moved post's schedule follows, as after any reschedule; a crash before that leaves the post
 * with its new time and watch, which the post sweeper acts on.
 */
async function moveQueued(
  companyId: number,
  platform: QueuePlatform,
  claims: PlatformClaims,
  moves: Move[],
  now: Date,
): Promise<PostItem[]> {
  const real = moves.filter((m) => m.post.scheduledAt !== m.to);
  if (!real.length) return [];
  const holderAt = new Map<string, number>();
  for (const { claim } of claims.held) holderAt.set(claim.at, claim.postId);
  for (const [at, claim] of claims.stale) holderAt.set(at, claim.postId);
  const plan = real.map((m) => ({ ...m, next: moved(m.post, m.to, now) }));
  const items: TransactionItem[] = plan.map((m) => postWrite(m.next, m.post.version));
  const into = new Set(real.map((m) => m.to));
  for (const m of real) items.push(claimSlot(companyId, platform, m.to, m.post.id, holderAt.get(m.to)));
  for (const m of real) {
    const from = m.post.scheduledAt ?? '';
    if (!into.has(from)) items.push(releaseSlot(companyId, platform, from, m.post.id));
  }
  const written = await transact(items);
  if (!written.ok) throw conflict(queueMessages.changed);
  for (const m of plan) await afterPostWritten(m.post, m.next);
  return plan.map((m) => m.next);
}

/** Reorder: the posts named take the slots they hold now, in the order given. */
export async function reorderQueue(
  companyId: number,
  platform: QueuePlatform,
  postIds: readonly number[],
  now = clock.now(),
): Promise<PostItem[]> {
  await requirePaidPlan(companyId);
  const claims = await platformClaims(companyId, platform, now);
  const byPost = new Map(claims.held.map((h) => [h.post.id, h]));
  const named = postIds.flatMap((id) => byPost.get(id) ?? []);
  if (named.length !== postIds.length) throw conflict(queueMessages.changed);
  const slots = named.map((h) => h.claim.at).sort();
  const posts = named.map((h) => h.post);
  const moves = posts.flatMap((post, i) => {
    const to = slots[i];
    return to ? [{ post, to }] : [];
  });
  const written = await moveQueued(companyId, platform, claims, moves, now);
  const after = new Map(written.map((p) => [p.id, p]));
  return posts.map((post) => after.get(post.id) ?? post);
}

/** Takes a post out of the queue: back to draft (on the day it had), its slot released with it. */
export async function removeFromQueue(companyId: number, postId: number, now = clock.now()): Promise<PostItem> {
  await requirePaidPlan(companyId);
  const post = await getPost(companyId, postId);
  if (!isQueuePlatform(post.platform)) throw invalid(queueMessages.notQueued);
  const claims = await platformClaims(companyId, post.platform, now);
  const held = claims.held.find((h) => h.post.id === postId);
  if (!held) throw invalid(queueMessages.notQueued);
  const next: PostItem = {
    ...post,
    status: 'draft',
    scheduledAt: null,
    publish: false,
    updatedAt: now.toISOString(),
    version: post.version + 1,
  };
  const written = await transact([
    postWrite(next, post.version),
    releaseSlot(companyId, post.platform, held.claim.at, postId),
  ]);
  if (!written.ok) throw conflict(queueMessages.changed);
  await afterPostWritten(post, next);
  return next;
}

/**
 * After a slot change: each platform's queued posts take the new slots from the next on, in the
 * order they were in. Posts already published or on their way are not queued any more and never
 * move; posts the new slots have no room for stay where they are.
 */
export async function moveIntoSlots(
  companyId: number,
  settings: QueueSettingsInput,
  now = clock.now(),
): Promise<number> {
  let count = 0;
  const after = leadTime(now);
  const until = new Date(now.getTime() + QUEUE_HORIZON_WEEKS * WEEK_MS);
  for (const platform of QUEUE_PLATFORMS) {
    const claims = await platformClaims(companyId, platform, after);
    if (!claims.held.length) continue;
    const slots = slotInstants(settings.slots[platform], settings.timeZone, after, until).map((s) => s.toISOString());
    // Posts the new slots have no room for keep their slots, which are then nobody else's.
    let free = slots;
    for (;;) {
      const kept = new Set(claims.held.slice(free.length).map((h) => h.claim.at));
      const next = slots.filter((at) => !kept.has(at));
      if (next.length === free.length) break;
      free = next;
    }
    const moves = claims.held.flatMap((h, i) => {
      const to = free[i];
      return to ? [{ post: h.post, to }] : [];
    });
    count += (await moveQueued(companyId, platform, claims, moves, now)).length;
  }
  return count;
}
