import { config } from '../config';

/**
 * When a post on its way to a platform is looked at again if nothing has moved it on: the
 * durable side of Publish Now and of schedules. The post item itself carries the time (GSI3), so
 * it is written in the same put as the state that needs it: no crash can separate the two.
 *
 * - Publish Now asked: the workflow started after the write should claim it within the grace.
 * - Scheduled: its schedule should fire at its time and claim it within the grace.
 * - In progress: the claim holds until `leaseUntil`; a workflow that waits renews it.
 * - Published with its first comment still to post: the same run posts it at once (pending), or
 *   holds it until the comment's own `leaseUntil` (sending).
 *
 * Past that time the sweeper (post-sweeper.ts) starts the publish workflow again; the claim, on
 * the post's version, lets only one run publish, and a run that takes over an expired claim asks
 * the platform first whether the post was already made.
 */
export function postWatchAt(post: {
  status: string;
  publish: boolean;
  scheduledAt: string | null;
  updatedAt: string;
  leaseUntil: string | null;
  firstComment?: { status: string; leaseUntil: string | null } | null;
}): string | undefined {
  const grace = config.publishGraceMs;
  if (post.status === 'scheduled' && post.publish) return later(post.updatedAt, grace);
  if (post.status === 'scheduled' && post.scheduledAt) return later(post.scheduledAt, grace);
  if (post.status === 'in-progress') return post.leaseUntil ?? later(post.updatedAt, config.publishLeaseMs);
  const comment = post.status === 'published' ? post.firstComment : undefined;
  if (comment?.status === 'pending') return later(post.updatedAt, grace);
  if (comment?.status === 'sending') return comment.leaseUntil ?? later(post.updatedAt, config.publishLeaseMs);
  return undefined;
}

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
