import { messages } from '@shared/messages';
import { approvalMessages } from '@shared/schemas/approvals';
import { checkPost, type Platform } from '@shared/platform-rules';
import { calendarMessages, type Post, type PostAction, type WordPressTerms } from '@shared/schemas/calendar';
import { requirePaidPlan } from '../billing/paid-plan';
import { getCompany } from '../companies/company-store';
import { conflict, DomainError, invalid, notFound } from '../errors';
import { STALE_WRITE, transact, type PutOptions, type TransactionItem } from '../table/entity';
import { companyCollection, index, keys } from '../table/keys';
import { afterPostDeleted, afterPostWritten } from './post-schedule';
import { posts, type PostItem } from './post-entity';
import { reservePostIds } from './post-ids';
import { mediaUseAdded } from '../media/media-usage';
import { checkPostFiles, recordFilesChange } from './post-media';
import { assertEditable, assertPublishable, transition } from './post-transitions';
import { applyApprovalRules } from './approval-rules';
import { approvalsRequired } from './approval-settings';

/** The post as the API answers it: the red dot is the publisher's failure or the rules the post breaks. */
export function toApiPost(item: PostItem): Post {
  let error = item.failure;
  if (!error && item.status !== 'published' && item.status !== 'in-progress') {
    const check = checkPost(item);
    if (!check.valid) error = check.message;
  }
  return {
    id: item.id,
    groupId: item.groupId,
    subject: item.subject,
    content: item.content,
    platform: item.platform,
    status: item.status,
    scheduledAt: item.scheduledAt,
    publishedAt: item.publishedAt,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    date: item.date,
    files: item.files,
    publish: item.publish,
    error,
    version: item.version,
    permalink: item.permalink,
    ...(item.approval ? { approval: item.approval.state } : {}),
    ...(item.wordpress ? { wordpress: item.wordpress } : {}),
  };
}

/**
 * Writes the whole item (so both index keys follow its date and status) on condition that the
 * stored version is the one this change was made from: of two editors, the second gets a 409
 * and nothing of the first is lost.
 */
export async function writePost(
  next: PostItem,
  readVersion: number | undefined,
  /** Writes that happen with this one or not at all (the events of the change: an outbox). */
  also: TransactionItem[] = [],
): Promise<PostItem> {
  if (also.length) {
    const written = await transact([posts.tx.put(next, versionCondition(readVersion)), ...also]);
    if (!written.ok) throw conflict(STALE_WRITE);
    return next;
  }
  // Grouped: a thousand posts published in the same minute are written in transactions of 25 on
  // the embedded runtime (table/put-batcher.ts).
  if (!(await posts.put(next, { ...versionCondition(readVersion), grouped: true }))) throw conflict(STALE_WRITE);
  return next;
}

/**
 * Writes a post that starts using `added` files in one transaction with the files' records of
 * that use, each on condition that the file still exists: a file deleted meanwhile refuses the
 * post (422) and nothing is written, and a file used by a post can no longer be deleted (the
 * library's delete requires no use). Without new files it is writePost.
 */
async function writePostWithFiles(
  next: PostItem,
  readVersion: number | undefined,
  added: number[],
  also: TransactionItem[] = [],
) {
  if (!added.length) return writePost(next, readVersion, also);
  const written = await transact([
    posts.tx.put(next, versionCondition(readVersion)),
    ...added.map((mediaId) => mediaUseAdded(next.companyId, mediaId, next.id)),
    ...also,
  ]);
  const mediaFailed = !written.ok && written.failed.some((i) => i > 0 && i <= added.length);
  if (!written.ok && (written.failed.includes(0) || !mediaFailed)) throw conflict(STALE_WRITE);
  if (!written.ok) throw invalid(messages.mediaNotOfCompany);
  return next;
}

/** A new post must not exist yet; a change must be made from the stored version. */
const versionCondition = (readVersion: number | undefined): PutOptions =>
  readVersion === undefined ? { ifAbsent: true } : { onlyIf: stillVersion(readVersion) };

const stillVersion = (version: number) => ({
  expression: '#v = :read',
  names: { '#v': 'version' },
  values: { ':read': version },
});

/** A post's versioned write as part of a caller's transaction (a queue moving several posts at once). */
export const postWrite = (next: PostItem, readVersion: number): TransactionItem =>
  posts.tx.put(next, versionCondition(readVersion));

/** The files `after` holds that `before` did not. */
const addedFiles = (before: readonly number[], after: readonly number[]) => [
  ...new Set(after.filter((id) => !before.includes(id))),
];

/**
 * Schedule and Publish Now: never for a demo company, a showcase that reaches no platform (422
 * with a sentence that says so), else the paid-plan gate (402).
 */
export async function requireCanPublish(companyId: number): Promise<void> {
  if ((await getCompany(companyId))?.demo) throw invalid(calendarMessages.demoNoPublishing);
  await requirePaidPlan(companyId);
}

export async function getPost(companyId: number, postId: number): Promise<PostItem> {
  const post = await posts.get(keys.post(companyId, postId), { consistent: true });
  if (!post) throw notFound(calendarMessages.postNotFound);
  return post;
}

export interface NewPosts {
  platforms: Platform[];
  subject?: string | null;
  content: string;
  files: number[];
  scheduledAt?: string | null;
  action: PostAction;
  wordpress?: WordPressTerms;
}

const normalInstant = (value: string | null | undefined) =>
  value === undefined || value === null ? value : new Date(value).toISOString();

/** What a new post is given; the rest starts empty (nothing published, claimed or decided yet). */
type NewPostFields = Pick<
  PostItem,
  | 'id'
  | 'companyId'
  | 'groupId'
  | 'siblingIds'
  | 'subject'
  | 'content'
  | 'platform'
  | 'status'
  | 'scheduledAt'
  | 'date'
  | 'files'
  | 'publish'
> &
  Partial<Pick<PostItem, 'publishedAt' | 'wordpress'>>;

/** A post as first written, version 1. */
const freshPost = (fields: NewPostFields, now: Date): PostItem => ({
  publishedAt: null,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  failure: null,
  externalId: null,
  permalink: null,
  leaseUntil: null,
  approval: null,
  firstComment: null,
  wordpress: null,
  version: 1,
  ...fields,
});

/** One post per platform, siblings of one group, all in the state the action asks for. */
export async function createPosts(companyId: number, input: NewPosts, now = new Date()): Promise<PostItem[]> {
  const state = transition(undefined, input.action, normalInstant(input.scheduledAt), now);
  const subject = input.subject?.trim() ? input.subject : null;
  if (state.status === 'scheduled') {
    for (const platform of input.platforms)
      assertPublishable({ platform, content: input.content, files: input.files, subject });
  }
  // A new post has no approval yet: where approvals are asked for, it starts as a draft.
  if (state.status === 'scheduled' && (await approvalsRequired(companyId)))
    throw invalid(approvalMessages.needsApproval);
  await checkPostFiles(companyId, input.files);
  if (state.needsPaidPlan) await requireCanPublish(companyId);

  const ids = await reservePostIds(input.platforms.length);
  const groupId = ids[0] ?? 0;
  const created: PostItem[] = [];
  for (const [i, platform] of input.platforms.entries()) {
    const post = freshPost(
      {
        id: ids[i] ?? 0,
        companyId,
        groupId,
        siblingIds: ids,
        subject,
        content: input.content,
        platform,
        status: state.status,
        scheduledAt: state.scheduledAt,
        date: state.date,
        files: input.files,
        publish: state.publish,
        wordpress: platform === 'wordpress' ? (input.wordpress ?? null) : null,
      },
      now,
    );
    created.push(await writePostWithFiles(post, undefined, addedFiles([], post.files)));
    await afterPostWritten(undefined, post);
  }
  return created;
}

/** A group of posts as it stands in a demo's sample history: published at `at`, or scheduled for it. */
export interface SampleGroup {
  platforms: Platform[];
  subject: string | null;
  content: string;
  files: number[];
  status: 'published' | 'scheduled';
  at: string;
}

/**
 * Writes a sample group under ids the caller reserved (and recorded first, so a retry can
 * remove what a crash left half written), with its files' use. No schedule is armed: when a
 * scheduled one falls due the publish watch takes it, and the publisher fails it with the demo
 * sentence, as every demo post is failed.
 */
export async function writeSampleGroup(companyId: number, ids: number[], group: SampleGroup, now: Date) {
  for (const [i, platform] of group.platforms.entries()) {
    const id = ids[i];
    if (id === undefined) throw new Error('A sample group needs an id for each platform');
    const post = freshPost(
      {
        id,
        companyId,
        groupId: ids[0] ?? id,
        siblingIds: ids.slice(0, group.platforms.length),
        subject: group.subject,
        content: group.content,
        platform,
        status: group.status,
        scheduledAt: group.status === 'scheduled' ? group.at : null,
        publishedAt: group.status === 'published' ? group.at : null,
        date: group.at,
        files: group.files,
        publish: false,
      },
      now,
    );
    await writePostWithFiles(post, undefined, post.files);
  }
}

/** A group of posts from an import: its rows were checked (rules, times, plan) before the first was written. */
export interface ImportedGroup {
  platforms: Platform[];
  subject: string | null;
  content: string;
  /** Copy shaped for one platform (a feed's drafts), in place of `content` for that platform. */
  contentFor?: Partial<Record<Platform, string>>;
  files: number[];
  action: 'schedule' | 'save';
  scheduledAt: string | null;
}

/**
 * Writes an imported group under ids the import reserved and recorded first, each post with
 * its files' use and its schedule. A post already there was written by an earlier attempt of
 * the same import: it is kept, and only its schedule armed again (the attempt may have died
 * between the two), so a retried import never writes a post twice.
 */
export async function writeImportedGroup(companyId: number, ids: number[], group: ImportedGroup, now: Date) {
  // The import checked the times when it started. A retry after a long outage keeps them as a
  // scheduled post kept as it is does: one whose time has passed is published when written.
  const scheduled = group.action === 'schedule';
  for (const [i, platform] of group.platforms.entries()) {
    const id = ids[i];
    if (id === undefined) throw new Error('An imported group needs an id for each platform');
    const existing = await posts.get(keys.post(companyId, id), { consistent: true });
    if (existing) {
      await afterPostWritten(undefined, existing);
      continue;
    }
    const post = freshPost(
      {
        id,
        companyId,
        groupId: ids[0] ?? id,
        siblingIds: ids.slice(0, group.platforms.length),
        subject: group.subject,
        content: group.contentFor?.[platform] ?? group.content,
        platform,
        status: scheduled ? 'scheduled' : 'draft',
        scheduledAt: group.scheduledAt,
        date: group.scheduledAt ?? now.toISOString(),
        files: group.files,
        publish: false,
      },
      now,
    );
    await writePostWithFiles(post, undefined, addedFiles([], post.files));
    await afterPostWritten(undefined, post);
  }
}

/** Removes posts by id as they are now; one already gone is skipped, one being published is kept. */
export async function removePosts(companyId: number, ids: readonly number[]): Promise<void> {
  for (const post of await postsByIds(companyId, ids)) {
    if (post.status !== 'in-progress') await removeIfUnchanged(post);
  }
}

export interface PostChanges {
  subject?: string | null;
  content?: string;
  files?: number[];
  scheduledAt?: string | null;
  action: PostAction;
  version?: number;
  wordpress?: WordPressTerms;
}

/**
 * What the editor's caller does once an edit is stored, given the post before and after it: the
 * approval flow's notices (approvals/approval-notices.ts's afterApprovalWrite mails the approvers
 * of a post the edit put back in review). Posts send no mail, so whoever edits hands them in.
 */
export type AfterPostWrite = (current: PostItem, next: PostItem) => Promise<void>;

/**
 * Edits one sibling: its copy, files and time, and the state its action asks for. `editorId` is
 * the member making the change: an edit that puts an approved post back in review is theirs, and
 * `afterWrite` follows the stored edit. `also` is written in the post's transaction or not at all
 * (a queue slot's claim); when either is refused, the edit is the 409 of a stale write.
 */
export async function updatePost(
  companyId: number,
  postId: number,
  changes: PostChanges,
  editorId: number,
  afterWrite: AfterPostWrite,
  now = new Date(),
  also: TransactionItem[] = [],
): Promise<PostItem> {
  const current = await getPost(companyId, postId);
  assertEditable(current.status);
  if (changes.version !== undefined && changes.version !== current.version) throw conflict(STALE_WRITE);
  const state = transition(current, changes.action, normalInstant(changes.scheduledAt), now);
  const edited: PostItem = {
    ...current,
    subject: changes.subject === undefined ? current.subject : changes.subject?.trim() ? changes.subject : null,
    content: changes.content ?? current.content,
    files: changes.files ?? current.files,
    wordpress: current.platform === 'wordpress' ? (changes.wordpress ?? current.wordpress) : current.wordpress,
    status: state.status,
    scheduledAt: state.scheduledAt,
    publish: state.publish,
    date: state.date,
    // A new attempt clears the last failure; the publisher sets it again if this one fails too.
    failure: changes.action === 'save' ? current.failure : null,
    updatedAt: now.toISOString(),
    version: current.version + 1,
  };
  const next = applyApprovalRules(current, edited, changes.action, await approvalsRequired(companyId), now, editorId);
  if (next.status === 'scheduled') assertPublishable(next);
  if (changes.files) await checkPostFiles(companyId, changes.files);
  if (state.needsPaidPlan) await requireCanPublish(companyId);
  await writePostWithFiles(next, current.version, addedFiles(current.files, next.files), also);
  // Files it no longer shows are let go after the write: a crash between the two leaves a file
  // marked used (it cannot be deleted yet), never a post showing a deleted file.
  await recordFilesChange(
    companyId,
    postId,
    current.files,
    next.files.filter((id) => current.files.includes(id)),
  );
  await afterPostWritten(current, next);
  await afterWrite(current, next);
  return next;
}

export async function deletePost(companyId: number, postId: number): Promise<void> {
  const current = await getPost(companyId, postId);
  if (current.status === 'in-progress') throw conflict(calendarMessages.publishingLocked);
  await removeIfUnchanged(current);
}

/** Deletes a post as it was read: a post changed meanwhile is a 409, not a silent loss. */
async function removeIfUnchanged(post: PostItem): Promise<void> {
  if (!(await posts.deleteWhen(keys.post(post.companyId, post.id), stillVersion(post.version))))
    throw conflict(STALE_WRITE);
  await recordFilesChange(post.companyId, post.id, post.files, []);
  await afterPostDeleted(post);
}

/** The posts whose calendar date is in [start, end), by date. */
export async function postsBetween(companyId: number, start: Date, end: Date): Promise<PostItem[]> {
  return posts.query({
    index: 'GSI2',
    pk: companyCollection(companyId, 'POST'),
    // `<iso>#<id>` sorts after `<iso>`: the start is included, the end left out.
    sk: { between: [start.toISOString(), end.toISOString()] },
  });
}

/** Every post of the company, by calendar date. */
export async function allPosts(companyId: number): Promise<PostItem[]> {
  return posts.queryIndex('GSI2', companyCollection(companyId, 'POST'));
}

/** The company's posts with these ids; others' ids and deleted posts are simply not there. */
export async function postsByIds(companyId: number, ids: readonly number[]): Promise<PostItem[]> {
  const found = await posts.batchGet([...new Set(ids)].map((id) => keys.post(companyId, id)));
  const order = new Map(ids.map((id, i) => [id, i]));
  return found.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** Posts of one status by date, soonest or latest first, at most `limit`. */
async function byStatus(
  companyId: number,
  status: 'scheduled' | 'published',
  options: { limit: number; newestFirst: boolean },
): Promise<PostItem[]> {
  const { gsi1pk } = index.companyPostsByStatus(companyId, status, '', 0);
  // One page of `limit`: the partition holds only posts of this status, none with a TTL.
  return posts.query({ index: 'GSI1', pk: gsi1pk, limit: options.limit, descending: options.newestFirst });
}

/** Scheduled Content: the next scheduled posts, soonest first (a publish-now post waits with them). */
export const nextScheduled = (companyId: number, limit: number) =>
  byStatus(companyId, 'scheduled', { limit, newestFirst: false });

/** Recently Published: the last published posts, newest first. */
export const lastPublished = (companyId: number, limit: number) =>
  byStatus(companyId, 'published', { limit, newestFirst: true });

/** Delete scheduled posts: those scheduled in [start, end); a post that changes meanwhile is left alone. */
export async function deleteScheduledBetween(companyId: number, start: Date, end: Date): Promise<number> {
  let deleted = 0;
  for (const post of await postsBetween(companyId, start, end)) {
    if (post.status !== 'scheduled') continue;
    try {
      await removeIfUnchanged(post);
      deleted++;
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
    }
  }
  return deleted;
}
