import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '@shared/platform-rules';
import { defineEntity } from '../table/entity';
import { index, keys } from '../table/keys';

const feedItemSchema = z.object({
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
  /**
   * The poll working on the feed now (its job's uuid) and its watch (jobs/watch.ts): one poll
   * at a time; a poll that finds it taken waits for it and answers its result. A poll of a boot
   * that is gone, or past its watch, holds nothing.
   */
  polling: z
    .object({ by: z.string(), watchUntil: z.string(), boot: z.string().nullable().optional() })
    .nullable()
    .optional(),
  /** What the last poll found: the answer of a poll that waited for it. */
  lastResult: z
    .object({ newItems: z.number(), postIds: z.array(z.number()) })
    .nullable()
    .optional(),
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
const feedEntrySchema = z.object({
  companyId: z.number(),
  feedId: z.string(),
  hash: z.string(),
  /** The GUID (RSS) or id (Atom), else the link: what makes the entry the same across polls. */
  key: z.string(),
  /**
   * On the marker of an entry's normalised title and link: the hash of the entry's own marker.
   * A feed that gives an entry a new id on each read still names the same title and link.
   */
  aliasOf: z.string().optional(),
  title: z.string(),
  link: z.string().nullable(),
  postIds: z.array(z.number()),
  done: z.boolean(),
  seenAt: z.string(),
});
export type FeedEntry = z.infer<typeof feedEntrySchema>;

/** COMPANY#<id> / FEEDENTRY#<feedId>#<sha256 of key>, and one more by the sha256 of its normalised title and link. */
export const feedEntries = defineEntity({
  type: 'feed-entry',
  schema: feedEntrySchema,
  key: (e) => keys.feedEntry(e.companyId, e.feedId, e.hash),
});

/** The marker of an entry's title and link, pointing to its own marker. */
export const aliasMarker = (own: FeedEntry, aliasHash: string): FeedEntry => ({
  ...own,
  hash: aliasHash,
  aliasOf: own.hash,
  postIds: [],
  done: true,
});
