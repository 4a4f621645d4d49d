import { z } from 'zod/mini';
import { SOCIAL_PLATFORMS } from '../platforms';

/**
 * RSS and Atom feeds that become draft posts (docs/features/bulk-import-and-feeds.md). A module
 * of its own so only the import page loads it.
 */

export const MAX_FEEDS = 10;
const MAX_FEED_URL = 2000;
/** How often a feed is read. */
export const FEED_POLL_MINUTES = 60;

export const feedMessages = {
  platformsRequired: 'Please select at least 1 platform',
  urlRequired: 'Enter the address of an RSS or Atom feed.',
  notAFeed: 'This address is not an RSS or Atom feed.',
  tooMany: `A company can follow at most ${MAX_FEEDS} feeds. Remove one first.`,
  duplicate: 'This feed is already followed.',
  feedNotFound: 'Feed not found',
  status: (status: number) => `The feed answered with status ${status}.`,
} as const;

const socialPlatformSchema = z.enum(SOCIAL_PLATFORMS);

export const addFeedSchema = z.object({
  url: z.string().check(z.trim(), z.minLength(1, feedMessages.urlRequired), z.maxLength(MAX_FEED_URL)),
  platforms: z
    .array(socialPlatformSchema)
    .check(z.minLength(1, feedMessages.platformsRequired), z.maxLength(SOCIAL_PLATFORMS.length)),
});
export type AddFeed = z.output<typeof addFeedSchema>;

export const feedSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The feed's own title, as of the last read. */
  title: z.string(),
  platforms: z.array(socialPlatformSchema),
  createdAt: z.string(),
  lastPolledAt: z.nullable(z.string()),
  /** What the last read found: drafts written, or why it failed. */
  lastStatus: z.nullable(z.enum(['ok', 'failed'])),
  lastMessage: z.nullable(z.string()),
  lastNewItems: z.number(),
  nextPollAt: z.nullable(z.string()),
});
export type Feed = z.output<typeof feedSchema>;
export const feedListSchema = z.array(feedSchema);

export const feedIdParamsSchema = z.object({ id: z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/)) });

/** A poll's result: the entries that were new and the drafts they became. */
export const feedPollResultSchema = z.object({ newItems: z.number(), postIds: z.array(z.number()) });
export type FeedPollResult = z.output<typeof feedPollResultSchema>;
