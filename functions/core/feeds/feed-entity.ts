import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '@shared/platform-rules';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';

export const feedItemSchema = z.object({
  companyId: z.number(),
  id: z.string(),
  url: z.string(),
  title: z.string(),
  platforms: z.array(z.enum(SOCIAL_PLATFORMS)),
  createdAt: z.string(),
  userId: z.number(),
  lastPolledAt: z.string().nullable(),
  lastStatus: z.enum(['ok', 'failed']).nullable(),
  lastMessage: z.string().nullable(),
  lastNewItems: z.number(),
  /** When the armed poll is due; past `watchAt` without a poll, the chain died (feed-sweeper.ts). */
  runAt: z.string().nullable(),
  watchAt: z.string().nullable(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/** COMPANY#<id> / FEED#<ulid>, on GSI3 `FEEDWATCH#<shard>` by watch time while a poll is armed. */
export const feeds = defineEntity({
  type: 'feed',
  schema: feedItemSchema,
  key: (f) => keys.feed(f.companyId, f.id),
  indexes: (f) => (f.watchAt ? index.feedWatch(f.companyId, f.id, f.watchAt) : {}),
});

/**
 * One entry of a feed that has been seen: written (on condition it is new) before its drafts,
 * with their ids reserved, so a poll that dies half way is finished by the next with the same
 * ids, and no entry is drafted twice. `done` once its drafts are written; entries present when
 * the feed was added are recorded done with no posts.
 */
export const feedEntrySchema = z.object({
  companyId: z.number(),
  feedId: z.string(),
  hash: z.string(),
  /** The GUID (RSS) or id (Atom), else the link: what makes the entry the same across polls. */
  key: z.string(),
  title: z.string(),
  link: z.string().nullable(),
  postIds: z.array(z.number()),
  done: z.boolean(),
  seenAt: z.string(),
});
export type FeedEntry = z.infer<typeof feedEntrySchema>;

/** COMPANY#<id> / FEEDENTRY#<feedId>#<sha256 of key>. */
export const feedEntries = defineEntity({
  type: 'feed-entry',
  schema: feedEntrySchema,
  key: (e) => keys.feedEntry(e.companyId, e.feedId, e.hash),
});
