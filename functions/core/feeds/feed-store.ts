import { ulid } from 'ulid';
import { feedMessages, MAX_FEEDS, type AddFeed, type Feed } from '@shared/schemas/feeds';
import { invalid, notFound } from '../errors';
import { checkTarget } from '../net';
import { scheduler } from '../scheduler/scheduler-port';
import { companyItemPrefix, keys, partition } from '../table/keys';
import { aliasMarker, feedEntries, feeds, type FeedEntry, type FeedItem } from './feed-entity';
import { readFeed } from './feed-read';
import { armFeedPoll, feedScheduleName, nextFeedPoll } from './feed-schedule';

/** Entries recorded as seen when a feed is added: more than any feed carries at once. */
const BASELINE_ENTRIES = 200;

const toApiFeed = (item: FeedItem): Feed => ({
  id: item.id,
  url: item.url,
  title: item.title,
  platforms: item.platforms,
  createdAt: item.createdAt,
  lastPolledAt: item.lastPolledAt,
  lastStatus: item.lastStatus,
  lastMessage: item.lastMessage,
  lastNewItems: item.lastNewItems,
  nextPollAt: item.runAt,
});

const companyFeeds = (companyId: number) => feeds.queryPartition(partition.company(companyId), companyItemPrefix.feed);

export async function getFeed(companyId: number, feedId: string): Promise<FeedItem> {
  const feed = await feeds.get(keys.feed(companyId, feedId), { consistent: true });
  if (!feed) throw notFound(feedMessages.feedNotFound);
  return feed;
}

export async function listFeeds(companyId: number): Promise<Feed[]> {
  return (await companyFeeds(companyId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(toApiFeed);
}

/**
 * Follows a feed: the address is checked and the feed read once through the safe fetcher (a 422
 * with the reason when it is not a public feed), its current entries are recorded as seen (only
 * entries that appear later become drafts), and its first poll is armed an hour away.
 */
export async function addFeed(companyId: number, userId: number, input: AddFeed, now = new Date()): Promise<Feed> {
  const url = checkTarget(input.url).href;
  const existing = await companyFeeds(companyId);
  if (existing.length >= MAX_FEEDS) throw invalid(feedMessages.tooMany);
  if (existing.some((feed) => feed.url === url)) throw invalid(feedMessages.duplicate);
  const read = await readFeed(url);
  const id = ulid();
  await feeds.put({
    companyId,
    id,
    url,
    title: read.title,
    platforms: input.platforms,
    createdAt: now.toISOString(),
    userId,
    lastPolledAt: now.toISOString(),
    lastStatus: 'ok',
    lastMessage: null,
    lastNewItems: 0,
    runAt: null,
    watchAt: null,
  });
  // Each entry by its own key and by its title and link (feed-poll.ts), each marker once.
  const baseline = new Map<string, FeedEntry>();
  for (const entry of read.entries.slice(0, BASELINE_ENTRIES)) {
    const own: FeedEntry = {
      companyId,
      feedId: id,
      hash: entry.hash,
      key: entry.key,
      title: entry.title,
      link: entry.link,
      postIds: [],
      done: true,
      seenAt: now.toISOString(),
    };
    if (!baseline.has(own.hash)) baseline.set(own.hash, own);
    if (entry.aliasHash && !baseline.has(entry.aliasHash))
      baseline.set(entry.aliasHash, aliasMarker(own, entry.aliasHash));
  }
  await feedEntries.putAll([...baseline.values()]);
  await armFeedPoll(companyId, id, nextFeedPoll(now.getTime()));
  return toApiFeed(await getFeed(companyId, id));
}

/**
 * Stops following a feed: the feed goes first (a poll in flight then arms nothing), then its
 * schedule and its record of entries. Drafts it wrote are ordinary posts and stay.
 */
export async function removeFeed(companyId: number, feedId: string): Promise<void> {
  await getFeed(companyId, feedId);
  await feeds.delete(keys.feed(companyId, feedId));
  await scheduler().remove(feedScheduleName(companyId, feedId));
  const seen = await feedEntries.queryPartition(
    partition.company(companyId),
    `${companyItemPrefix.feedEntry}${feedId}#`,
  );
  for (const entry of seen) await feedEntries.delete(keys.feedEntry(companyId, feedId, entry.hash));
}
