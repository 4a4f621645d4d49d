import type { PostItem } from '../posts/post-entity';
import { toApiPost } from '../posts/post-store';
import { eventDeliveries } from '../webhooks/webhook-outbox';

/** Post copy can be a megabyte (a blog); the event carries the start of it and says so. */
const MAX_EVENT_CONTENT = 20_000;

/** Cuts a long `content` field of the event's post, so a blog's megabyte never meets the item limit. */
function trimmedPost<P extends { content: string }>(post: P): { post: P; contentTruncated: boolean } {
  if (post.content.length <= MAX_EVENT_CONTENT) return { post, contentTruncated: false };
  return { post: { ...post, content: post.content.slice(0, MAX_EVENT_CONTENT) }, contentTruncated: true };
}

/**
 * The webhook events of a publish's end, each given the post as it will be stored: the publish
 * claims (posts/post-claims.ts) write them in the post's own transaction.
 */
export const postEvents = {
  published: (post: PostItem) => eventDeliveries(post.companyId, 'post.published', trimmedPost(toApiPost(post))),
  failed: (post: PostItem) => eventDeliveries(post.companyId, 'post.failed', trimmedPost(toApiPost(post))),
};
