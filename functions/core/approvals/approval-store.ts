import { roleMay } from '@shared/permissions';
import {
  approvalMessages,
  MAX_COMMENTS,
  type PostApproval,
  type ReviewLinkItem,
  type ReviewView,
} from '@shared/schemas/approvals';
import type { ApprovalState } from '@shared/schemas/approval-state';
import type { CompanyRole } from '@shared/schemas/company-record';
import { hashSecret, newToken, sameHash } from '../accounts/tokens';
import { getUser } from '../accounts/user-store';
import type { PostItem } from '../posts/post-entity';
import { posts } from '../posts/post-entity';
import { getPost, toApiPost, writePost } from '../posts/post-store';
import { getCompany } from '../companies/company-store';
import { clock } from '../clock';
import { config } from '../config';
import { conflict, forbidden, invalid, notFound } from '../errors';
import { batchMedia } from '../media/media-store';
import { transact } from '../table/entity';
import { keys, partition } from '../table/keys';
import { approvalLinks, type ApprovalLinkItem } from './approval-entities';
import type { ApprovalCommentItem, ApprovalItem } from '../posts/approval-item';
import { mailApprovers, mailAuthor } from './approval-notices';
import { approvalsRequired } from '../posts/approval-settings';
import { assertLinkMayDecide, makerMayDecide, makerStillMayLink } from './link-rules';

/** A review link lives a week: long enough for a client to answer, short enough to go stale. */
const REVIEW_LINK_TTL_MS = 7 * 24 * 3600_000;

const memberName = async (userId: number) => {
  const user = await getUser(userId);
  return user ? `${user.firstName} ${user.lastName}`.trim() || user.email : 'A member';
};

const withComment = (approval: ApprovalItem, entry: ApprovalCommentItem): ApprovalCommentItem[] =>
  [...approval.comments, entry].slice(-MAX_COMMENTS);

/** The version the caller saw must still be the post's: approving copy nobody read is not approval. */
function assertSeen(post: PostItem, version: number) {
  if (post.version !== version) throw conflict(approvalMessages.changedSinceOpened);
}

const versionIs = (version: number) => ({
  onlyIf: { expression: '#v = :read', names: { '#v': 'version' }, values: { ':read': version } },
});

export async function postApproval(
  companyId: number,
  postId: number,
  userId: number,
  role: CompanyRole,
): Promise<PostApproval> {
  const post = await getPost(companyId, postId);
  const approval = post.approval;
  const inReview = approval?.state === 'in-review';
  const canManageLinks = roleMay(role, 'content');
  return {
    postId,
    state: approval?.state ?? null,
    required: await approvalsRequired(companyId),
    canDecide: inReview && approval.requestedBy !== userId && roleMay(role, 'review'),
    canMakeLink: inReview && canManageLinks && (await makerMayDecide(companyId, userId, approval.requestedBy)),
    canManageLinks,
    comments: (approval?.comments ?? []).map(({ userId: _, ...c }) => c),
    version: post.version,
  };
}

/** A member asks for a review: the post goes in review and every other member is mailed. */
export async function requestReview(
  companyId: number,
  postId: number,
  userId: number,
  input: { version: number; comment?: string },
  now = new Date(),
) {
  if (!(await approvalsRequired(companyId))) throw invalid(approvalMessages.approvalsOff);
  const post = await getPost(companyId, postId);
  assertSeen(post, input.version);
  if (post.status !== 'draft' && post.status !== 'failed') throw invalid(approvalMessages.notReviewable);
  if (post.approval?.state === 'in-review') throw conflict(approvalMessages.alreadyInReview);
  const by = await memberName(userId);
  const comment = input.comment ?? '';
  const previous: ApprovalItem = post.approval ?? { state: 'in-review', round: 0, requestedBy: userId, comments: [] };
  const next = await writePost(
    {
      ...post,
      approval: {
        state: 'in-review',
        round: previous.round + 1,
        requestedBy: userId,
        comments: withComment(previous, {
          by,
          role: 'member',
          userId,
          decision: 'in-review',
          text: comment,
          at: now.toISOString(),
        }),
      },
      updatedAt: now.toISOString(),
      version: post.version + 1,
    },
    post.version,
  );
  await mailApprovers(next, { requester: by, comment, again: false });
  return toApiPost(next);
}

type Decision = Extract<ApprovalState, 'approved' | 'changes-requested'>;

function decided(post: PostItem, decision: Decision, entry: ApprovalCommentItem, now: Date): PostItem {
  const approval = post.approval as ApprovalItem;
  return {
    ...post,
    approval: { ...approval, state: decision, comments: withComment(approval, entry) },
    updatedAt: now.toISOString(),
    version: post.version + 1,
  };
}

/** A member decides a review someone else asked for. */
export async function decide(
  companyId: number,
  postId: number,
  userId: number,
  input: { decision: Decision; comment: string; version: number },
  now = new Date(),
) {
  const post = await getPost(companyId, postId);
  if (post.approval?.state !== 'in-review') throw conflict(approvalMessages.notInReview);
  if (post.approval.requestedBy === userId) throw forbidden(approvalMessages.ownReview);
  assertSeen(post, input.version);
  const by = await memberName(userId);
  const entry = {
    by,
    role: 'member' as const,
    userId,
    decision: input.decision,
    text: input.comment,
    at: now.toISOString(),
  };
  const next = await writePost(decided(post, input.decision, entry, now), post.version);
  await mailAuthor(next, { decider: by, approved: input.decision === 'approved', comment: input.comment });
  return toApiPost(next);
}

/** Members name a link by the start of its secret's hash: 64 bits, unique in a company, and no key to the link. */
const LINK_ID_LENGTH = 16;
const linkIdOf = (link: ApprovalLinkItem) => link.secretHash.slice(0, LINK_ID_LENGTH);
const LINK_PREFIX = keys.approvalLink(0, '').sk;

/**
 * A link for an outside reviewer: `/review/<postId>?token=<companyId>.<secret>`. The secret is
 * 256 random bits of which the table keeps the SHA-256 with the post, the review round, its maker
 * and the expiry it is bound to (as reset and invite links are): it cannot be made up, and the
 * server checks everything it grants. The asker may not make one while another member may
 * decide: it would be their own approval by another door (link-rules.ts; checked again on use,
 * since members come and go).
 */
export async function createReviewLink(companyId: number, postId: number, userId: number, now = clock.now()) {
  const post = await getPost(companyId, postId);
  if (post.approval?.state !== 'in-review') throw conflict(approvalMessages.notInReview);
  if (!(await makerMayDecide(companyId, userId, post.approval.requestedBy))) throw forbidden(approvalMessages.ownLink);
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + REVIEW_LINK_TTL_MS).toISOString();
  const link: ApprovalLinkItem = {
    companyId,
    postId,
    round: post.approval.round,
    secretHash: hash,
    createdBy: userId,
    createdAt: now.toISOString(),
    expiresAt,
    ttl: Math.ceil(Date.parse(expiresAt) / 1000) + 24 * 3600,
  };
  await approvalLinks.put(link);
  const url = new URL(`/review/${postId}`, config.appOrigin);
  url.searchParams.set('token', `${companyId}.${token}`);
  return { id: linkIdOf(link), url: url.href, expiresAt };
}

/**
 * The link a token names, checked against the post it is used on: each refusal its own sentence.
 * A revoked link is deleted, so it reads as one never made.
 */
async function openLink(postId: number, token: string) {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) throw forbidden(approvalMessages.linkInvalid);
  const companyId = Number(match[1]);
  const secret = match[2] ?? '';
  const link = await approvalLinks.get(keys.approvalLink(companyId, hashSecret(secret)), { consistent: true });
  if (!link || !sameHash(secret, link.secretHash)) throw forbidden(approvalMessages.linkInvalid);
  if (link.postId !== postId) throw forbidden(approvalMessages.linkOtherPost);
  if (link.usedAt) throw forbidden(approvalMessages.linkUsed);
  if (Date.parse(link.expiresAt) <= clock.now().getTime()) throw forbidden(approvalMessages.linkExpired);
  const post = await posts.get(keys.post(companyId, postId), { consistent: true });
  if (!post) throw forbidden(approvalMessages.linkInvalid);
  if (post.approval?.round !== link.round) throw forbidden(approvalMessages.linkOutdated);
  // Refused on reading too, so a reviewer is not asked for a decision the link cannot make.
  await assertLinkMayDecide(link, post.approval.requestedBy);
  return { link, post };
}

async function reviewView(post: PostItem, expiresAt: string, open: boolean): Promise<ReviewView> {
  const [company, media] = await Promise.all([getCompany(post.companyId), batchMedia(post.companyId, post.files)]);
  return {
    companyName: company?.name ?? '',
    post: {
      id: post.id,
      platform: post.platform,
      subject: post.subject,
      content: post.content,
      scheduledAt: post.scheduledAt,
      media: media.map((m) => ({ type: m.type, url: m.url })),
      version: post.version,
    },
    state: post.approval?.state ?? null,
    comments: (post.approval?.comments ?? []).map(({ userId: _, ...c }) => c),
    open,
    expiresAt,
  };
}

/** What the review page shows: the one post the link is for. */
export async function reviewByLink(postId: number, token: string): Promise<ReviewView> {
  const { link, post } = await openLink(postId, token);
  return reviewView(post, link.expiresAt, post.approval?.state === 'in-review');
}

/**
 * Of two uses of one link at once, the loser is told the link was used, whichever read it lost;
 * a link revoked while its decision was on the way is told apart, as a link gone.
 */
async function refuseIfSpent(link: { companyId: number; secretHash: string }) {
  const now = await approvalLinks.get(keys.approvalLink(link.companyId, link.secretHash), { consistent: true });
  if (!now) throw forbidden(approvalMessages.linkInvalid);
  if (now.usedAt) throw forbidden(approvalMessages.linkUsed);
}

/**
 * An outside reviewer decides through the link. The link is spent and the decision written in
 * one transaction, each on its condition (the link unused, the post at the version the reviewer
 * read): of two uses at once one wins, and a link is never spent on a decision not recorded.
 */
export async function decideByLink(
  postId: number,
  input: { token: string; decision: Decision; comment: string; name: string; version: number },
  now = new Date(),
): Promise<ReviewView> {
  const { link, post } = await openLink(postId, input.token);
  if (post.approval?.state !== 'in-review') {
    // Read between another use's commit of the link and of the post: that use is what ended the review.
    await refuseIfSpent(link);
    throw conflict(approvalMessages.notInReview);
  }
  assertSeen(post, input.version);
  const by = input.name || 'Reviewer';
  const entry = { by, role: 'reviewer' as const, decision: input.decision, text: input.comment, at: now.toISOString() };
  const next = decided(post, input.decision, entry, now);
  const written = await transact([
    approvalLinks.tx.patch(keys.approvalLink(link.companyId, link.secretHash), {
      set: { usedAt: now.toISOString() },
      when: { expression: 'attribute_exists(pk) AND attribute_not_exists(usedAt)' },
    }),
    posts.tx.put(next, versionIs(post.version)),
  ]);
  if (!written.ok) {
    await refuseIfSpent(link);
    if (written.failed.includes(0)) throw forbidden(approvalMessages.linkUsed);
    throw conflict(approvalMessages.changedSinceOpened);
  }
  await mailAuthor(next, {
    decider: `${by} (reviewer)`,
    approved: input.decision === 'approved',
    comment: input.comment,
  });
  return reviewView(next, link.expiresAt, false);
}

/** The post's links, read consistently: a link made or revoked a moment ago is shown as it is. */
const linksOf = (companyId: number, postId: number) =>
  approvalLinks.query({
    pk: partition.company(companyId),
    sk: { beginsWith: LINK_PREFIX },
    filter: { expression: '#postId = :postId', names: { '#postId': 'postId' }, values: { ':postId': postId } },
    consistent: true,
  });

/**
 * The post's live review links, newest first: unused, unexpired, of the review now open, and
 * made by someone who is still a member (a link answers for its maker). A link the asker made
 * that cannot decide now (another member joined since) is listed too: it may be revoked, and it
 * would decide again were that member to leave.
 */
export async function listReviewLinks(companyId: number, postId: number, now = clock.now()): Promise<ReviewLinkItem[]> {
  const post = await getPost(companyId, postId);
  if (post.approval?.state !== 'in-review') return [];
  const round = post.approval.round;
  const live = (await linksOf(companyId, postId)).filter(
    (l) => l.round === round && !l.usedAt && Date.parse(l.expiresAt) > now.getTime(),
  );
  const makers = [...new Set(live.flatMap((l) => (l.createdBy === undefined ? [] : [l.createdBy])))];
  const speaking = new Set(
    (await Promise.all(makers.map(async (id) => ((await makerStillMayLink(companyId, id)) ? [id] : [])))).flat(),
  );
  const names = new Map(await Promise.all([...speaking].map(async (id) => [id, await memberName(id)] as const)));
  return live
    .filter((l) => l.createdBy === undefined || speaking.has(l.createdBy))
    .map((l) => ({
      id: linkIdOf(l),
      madeBy: l.createdBy === undefined ? null : (names.get(l.createdBy) ?? null),
      // A link from before its making was recorded: a week before its expiry, which is when it was made.
      createdAt: l.createdAt ?? new Date(Date.parse(l.expiresAt) - REVIEW_LINK_TTL_MS).toISOString(),
      expiresAt: l.expiresAt,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Revokes one of the post's links: deleted, so from now on it answers as a link never made. Of a
 * revoke and a decision at once, whichever the table takes first stands.
 */
export async function revokeReviewLink(companyId: number, postId: number, linkId: string): Promise<void> {
  await getPost(companyId, postId);
  // Exactly the id's length: a shorter prefix would name every link that starts with it.
  if (!new RegExp(`^[0-9a-f]{${LINK_ID_LENGTH}}$`).test(linkId)) throw notFound(approvalMessages.linkNotFound);
  const link = (await linksOf(companyId, postId)).find((l) => linkIdOf(l) === linkId);
  if (!link || !(await approvalLinks.delete(keys.approvalLink(companyId, link.secretHash), { ifExists: true }))) {
    throw notFound(approvalMessages.linkNotFound);
  }
}
