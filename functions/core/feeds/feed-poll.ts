import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { checkPost, POST_MAX_LENGTH, visibleLength, type SocialPlatform } from '@shared/platform-rules';
import { feedPollResultSchema, type FeedPollResult } from '@shared/schemas/feeds';
import { hit, type Limit } from '../accounts/rate-limit';
import { ai } from '../ai/ai';
import type { AiCompanyContext } from '../ai/ai-port';
import { generationContext } from '../calendar/generation';
import { reservePostIds } from '../posts/post-ids';
import { writeImportedGroup } from '../posts/post-store';
import { DomainError, TransientError } from '../errors';
import { defineJobKind, JobUserError, type JobContext } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { isAbandoned, leaseFree, watchFor } from '../jobs/watch';
import { transact } from '../table/entity';
import { log } from '../log';
import { keys } from '../table/keys';
import { aliasMarker, feedEntries, feeds, type FeedEntry, type FeedItem } from './feed-entity';
import { readFeed, type FeedEntryRead } from './feed-read';
import { armFeedPoll, FEED_POLL_JOB_KIND, nextFeedPoll } from './feed-schedule';

/** New entries drafted per poll, oldest first: a feed that publishes a burst catches up over the next polls. */
const MAX_NEW_PER_POLL = 3;

/**
 * A feed's poll: arm the next (scheduled polls only, before anything can fail), read the feed,
 * and turn each entry not seen before into a draft per platform. The AI port shapes the copy
 * per platform; the offline generator answers when no model is set.
 */
export const feedPollJob = defineJobKind({
  name: FEED_POLL_JOB_KIND,
  input: z.object({ feedId: z.string(), scheduled: z.boolean().default(false) }),
  result: feedPollResultSchema,
  // The model rewrites new entries as drafts (the OpenAI key); each poll arms the next.
  grants: defineGrants({ table: TABLE_READ_WRITE, secrets: ['openai'], schedules: true }),
  run: async ({ feedId, scheduled }, job) => pollFeed(job.companyId, feedId, scheduled, job),
  // Entries are claimed before their drafts: a poll started again finishes what it claimed, twice nothing.
  resumable: true,
});

const NOTHING: FeedPollResult = { newItems: 0, postIds: [] };

/**
 * The model calls feeds may make for a company in an hour (one per platform of each entry):
 * polls run with nobody waiting, so past it an entry is drafted from its own words instead of
 * refused. Counted like the AI limits (docs/security.md), on its own counter.
 */
export const FEED_AI_LIMIT: Limit = { scope: 'ai-feed-company', max: 40, windowSeconds: 3600 };

/** Longer than a poll's Task (run-job's 300 s): past it a poll that did not end holds the feed no more. */
const POLL_WATCH_MS = 6 * 60_000;
/** How long a poll the user asked for waits for another poll of the feed to end, and answers its result. */
const WAIT_FOR_OTHER_MS = 90_000;

export async function pollFeed(
  companyId: number,
  feedId: string,
  scheduled: boolean,
  job: Pick<JobContext, 'step' | 'signal'> & { uuid?: string },
  now = new Date(),
): Promise<FeedPollResult> {
  const feed = await feeds.get(keys.feed(companyId, feedId), { consistent: true });
  // Removed since the schedule fired: its chain ends here.
  if (!feed) return NOTHING;
  if (scheduled && !(await armFeedPoll(companyId, feedId, nextFeedPoll(now.getTime())))) return NOTHING;
  const by = job.uuid ?? `poll-${randomUUID()}`;
  if (!(await takeFeed(feed, by, now))) {
    // Another poll is reading it: a scheduled one leaves it to that poll; Check now answers its result.
    return scheduled ? NOTHING : resultOfOtherPoll(companyId, feedId, job.signal);
  }
  let result: FeedPollResult | undefined;
  try {
    result = await pollTaken(feed, scheduled, job, now);
    return result;
  } finally {
    await feeds.change(keys.feed(companyId, feedId), {
      // A poll that failed found nothing: what a poll waiting for it answers.
      set: { polling: null, lastResult: result ?? NOTHING },
      ifExists: true,
      when: { expression: 'polling.#by = :by', names: { '#by': 'by' }, values: { ':by': by } },
    });
  }
}

/**
 * One poll of a feed at a time: the feed is taken for this poll (its job's uuid, so a retried
 * or resumed attempt takes it again) unless a live poll holds it. A poll of a boot that is gone
 * or past its watch holds nothing (jobs/watch.ts).
 */
async function takeFeed(feed: FeedItem, by: string, now: Date): Promise<boolean> {
  return feeds.change(keys.feed(feed.companyId, feed.id), {
    set: { polling: { by, ...watchFor(POLL_WATCH_MS, now.getTime()) } },
    ifExists: true,
    when: leaseFree({ until: 'polling.watchUntil', boot: 'polling.boot', holder: 'polling.by' }, by, now.getTime()),
  });
}

/** Waits for the poll that holds the feed to end, and answers what it found (its drafts are the ones made). */
async function resultOfOtherPoll(companyId: number, feedId: string, signal: AbortSignal): Promise<FeedPollResult> {
  const until = Date.now() + WAIT_FOR_OTHER_MS;
  let feed = await feeds.get(keys.feed(companyId, feedId), { consistent: true });
  const holder = feed?.polling?.by;
  while (feed?.polling && feed.polling.by === holder && !isAbandoned(feed.polling) && Date.now() < until) {
    signal.throwIfAborted();
    await new Promise((done) => setTimeout(done, 200));
    feed = await feeds.get(keys.feed(companyId, feedId), { consistent: true });
  }
  return feed?.lastResult ?? NOTHING;
}

async function pollTaken(
  feed: FeedItem,
  scheduled: boolean,
  job: Pick<JobContext, 'step' | 'signal'>,
  now: Date,
): Promise<FeedPollResult> {
  const { companyId } = feed;
  await job.step('Reading the feed');
  let entries: FeedEntryRead[];
  try {
    entries = (await readFeed(feed.url, job.signal)).entries;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await record(feed, { lastStatus: 'failed', lastMessage: error.message, lastNewItems: 0 }, now);
    // A scheduled poll's failure is on the feed for the user to see; a poll they asked for says it.
    if (scheduled) return NOTHING;
    throw new JobUserError(error.message, 'invalid', error.code);
  }

  const markerOf = await markersOf(feed, entries);
  // Feeds list newest first; drafts are written oldest first.
  const fresh = entries
    .filter((e) => !markerOf(e)?.done)
    .reverse()
    .slice(0, MAX_NEW_PER_POLL);
  const postIds: number[] = [];
  let newItems = 0;
  if (fresh.length) {
    const company = await generationContext(companyId);
    for (const entry of fresh) {
      await job.step(`Writing drafts for "${entry.title}"`);
      const claimed = markerOf(entry) ?? (await claimEntry(feed, entry, now));
      if (claimed.done) continue;
      await writeEntryDrafts(feed, claimed, entry, company, now);
      postIds.push(...claimed.postIds);
      newItems++;
    }
  }
  await record(
    feed,
    {
      lastStatus: 'ok',
      lastMessage: newItems ? `${newItems} new entr${newItems === 1 ? 'y' : 'ies'} became drafts.` : null,
      lastNewItems: newItems,
    },
    now,
  );
  return { newItems, postIds };
}

/**
 * The markers of the entries read: an entry's own (by its GUID, id or link), else the one its
 * normalised title and link point to, so an entry whose id changed is the entry already seen.
 */
async function markersOf(feed: FeedItem, entries: FeedEntryRead[]) {
  const key = (hash: string) => keys.feedEntry(feed.companyId, feed.id, hash);
  const unique = (hashes: string[]) => [...new Set(hashes)].map(key);
  const found = new Map<string, FeedEntry>();
  const read = async (hashes: string[]) => {
    for (const marker of await feedEntries.batchGet(unique(hashes.filter((h) => !found.has(h)))))
      found.set(marker.hash, marker);
  };
  await read(entries.flatMap((e) => [e.hash, ...(e.aliasHash ? [e.aliasHash] : [])]));
  await read([...found.values()].flatMap((m) => (m.aliasOf ? [m.aliasOf] : [])));
  return (entry: FeedEntryRead): FeedEntry | undefined => {
    const own = found.get(entry.hash);
    if (own) return own;
    const alias = entry.aliasHash ? found.get(entry.aliasHash) : undefined;
    return alias?.aliasOf ? (found.get(alias.aliasOf) ?? alias) : alias;
  };
}

/**
 * Records the entry as seen, with its drafts' ids reserved, before any draft is written (with
 * the marker of its title and link, in one transaction): of two polls racing, one claims it; a
 * poll that dies after the claim is finished by the next one with the same ids, so an entry is
 * never drafted twice. An entry whose title and link another entry claimed is that entry.
 */
async function claimEntry(feed: FeedItem, entry: FeedEntryRead, now: Date): Promise<FeedEntry> {
  const claim: FeedEntry = {
    companyId: feed.companyId,
    feedId: feed.id,
    hash: entry.hash,
    key: entry.key,
    title: entry.title,
    link: entry.link,
    postIds: await reservePostIds(feed.platforms.length),
    done: false,
    seenAt: now.toISOString(),
  };
  const written = await transact([
    feedEntries.tx.put(claim, { ifAbsent: true }),
    ...(entry.aliasHash ? [feedEntries.tx.put(aliasMarker(claim, entry.aliasHash), { ifAbsent: true })] : []),
  ]);
  if (written.ok) return claim;
  const other = (await markersOf(feed, [entry]))(entry);
  if (!other) throw new TransientError('A feed entry claimed by another poll is gone');
  return other;
}

async function writeEntryDrafts(
  feed: FeedItem,
  claimed: FeedEntry,
  entry: FeedEntryRead,
  company: AiCompanyContext,
  now: Date,
) {
  const contentFor: Partial<Record<SocialPlatform, string>> = {};
  for (const platform of feed.platforms)
    contentFor[platform] = await shapeCopy(feed.companyId, company, platform, entry, now);
  await writeImportedGroup(
    feed.companyId,
    claimed.postIds,
    {
      platforms: feed.platforms,
      subject: null,
      content: plainCopy(entry, POST_MAX_LENGTH.facebook),
      contentFor,
      files: [],
      action: 'save',
      scheduledAt: null,
    },
    now,
  );
  await feedEntries.change(keys.feedEntry(feed.companyId, feed.id, claimed.hash), { set: { done: true } });
}

/** The first `count` characters as visibleLength counts them, never half of a surrogate pair. */
function firstCharacters(text: string, count: number): string {
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff) {
      if (seen === count) return text.slice(0, i);
      seen++;
    }
  }
  return text;
}

/** The entry in its own words, cut to fit: what a draft says when the model's copy does not fit. */
function plainCopy(entry: FeedEntryRead, max: number): string {
  const tail = entry.link ? `\n\n${entry.link}` : '';
  const body = [entry.title, entry.summary].filter(Boolean).join('\n\n');
  const room = max - visibleLength(tail);
  const cut = visibleLength(body) > room ? `${firstCharacters(body, Math.max(room - 1, 0))}…` : body;
  return `${cut}${tail}`;
}

/**
 * One platform's copy from the AI port, told what the entry is about, with the entry's link
 * after it when it fits the platform's length. A model's copy that breaks the platform's rules
 * (files aside), a model that fails, or the company's feed limit reached leaves the entry's own
 * words: the draft is still made.
 */
async function shapeCopy(
  companyId: number,
  company: AiCompanyContext,
  platform: SocialPlatform,
  entry: FeedEntryRead,
  now: Date,
): Promise<string> {
  const max = POST_MAX_LENGTH[platform];
  try {
    await hit(FEED_AI_LIMIT, String(companyId));
    const port = await ai();
    const [post] = await port.posts({
      company,
      platform,
      count: 1,
      dates: [now.toISOString()],
      instructions: `Announce our new article "${firstCharacters(entry.title, 100)}". ${entry.summary.slice(0, 500)}`,
    });
    if (post) {
      // The draft must say which entry it is about, whatever the model chose to stress: the
      // title heads it when the copy does not name it, and the link follows.
      const named = post.content.toLowerCase().includes(entry.title.toLowerCase());
      const link = entry.link && !post.content.includes(entry.link) ? `\n\n${entry.link}` : '';
      const candidates = [
        named ? post.content + link : `${entry.title}\n\n${post.content}${link}`,
        post.content + link,
      ];
      const fits = candidates.find(
        (copy) =>
          visibleLength(copy) <= max &&
          checkPost({ platform, content: copy, files: platform === 'instagram' ? [0] : [] }).valid,
      );
      if (fits) return fits;
    }
  } catch (error) {
    if (error instanceof TransientError) throw error;
    log('warn', 'a feed entry was drafted from its own words: no model call (limit reached or failed)', {
      platform,
      error: (error as Error).message,
    });
  }
  return plainCopy(entry, max);
}

async function record(
  feed: FeedItem,
  result: Pick<FeedItem, 'lastStatus' | 'lastMessage' | 'lastNewItems'>,
  now: Date,
) {
  await feeds.change(keys.feed(feed.companyId, feed.id), {
    set: { ...result, lastPolledAt: now.toISOString() },
    ifExists: true,
  });
}
