import { ANALYTICS_PLATFORMS, POST_FIGURE_DAYS, type AnalyticsPlatform } from '@shared/schemas/post-analytics';
import { getConnection, socialSecretsSchema, withConnection } from '../integrations/connection-store';
import { PlatformError } from '../integrations/platform-error';
import { platformConfig } from '../platform-config';
import { postInsightsReader, wordpressPostInsights, type PostInsights } from '../integrations/post-insights';
import { withWordPressSite } from '../integrations/wordpress-connection';
import { posts, type PostItem } from '../posts/post-entity';
import { limitConcurrency } from '../limit-concurrency';
import { log } from '../log';
import type { PutOptions } from '../table/entity';
import { index, keys } from '../table/keys';
import { postFigures, postReadings, type PostFigure, type PostReadings } from './post-figures-entity';

const DAY_MS = 86_400_000;
/** Published posts looked at: their 30 days, and a week more so a chain that died a few days still freezes them. */
const LOOKBACK_DAYS = POST_FIGURE_DAYS + 7;
/** Per-post calls at once on one platform. */
const READS_AT_ONCE = 4;
const EXCERPT_CHARS = 120;

export type PostFiguresOutcome = 'collected' | 'none' | 'not-connected' | 'reconnect' | 'no-profile' | 'failed';

/** Whole days from publishing to `now`: 0 on the day of publishing. */
const dayOfPost = (publishedAt: string, now: Date) => Math.floor((now.getTime() - Date.parse(publishedAt)) / DAY_MS);

/** What the lists show of a post: its subject, else the start of its text, on one line. */
export const excerptOf = (post: Pick<PostItem, 'subject' | 'content'>) => {
  const text = (post.subject?.trim() || post.content).replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
};

/** The summary row of a post's readings: its last reading, or zeros before the first. */
function figureOf(post: Pick<PostItem, 'subject' | 'content' | 'permalink'>, readings: PostReadings): PostFigure {
  const last = readings.readings.at(-1);
  return {
    companyId: readings.companyId,
    postId: readings.postId,
    platform: readings.platform,
    publishedAt: readings.publishedAt,
    excerpt: excerptOf(post),
    permalink: post.permalink,
    likes: last?.likes ?? 0,
    comments: last?.comments ?? 0,
    shares: last?.shares ?? 0,
    impressions: last?.impressions ?? null,
    reach: last?.reach ?? null,
    day: last?.day ?? 0,
    frozen: readings.frozen,
  };
}

/**
 * The readings after this run: a post within its 30 days gets today's reading (a day read
 * again replaces its reading, so a second run the same day changes nothing but the figures'
 * freshness); a post past them is frozen, with no read. Pure, so the rule is tested alone.
 */
export function nextReadings(
  stored: PostReadings | undefined,
  post: Pick<PostItem, 'companyId' | 'id' | 'publishedAt'> & { platform: AnalyticsPlatform },
  now: Date,
  read: PostInsights | undefined,
): PostReadings | undefined {
  const publishedAt = post.publishedAt ?? '';
  const day = dayOfPost(publishedAt, now);
  const base: PostReadings = stored ?? {
    companyId: post.companyId,
    postId: post.id,
    platform: post.platform,
    publishedAt,
    readings: [],
    frozen: false,
  };
  if (base.frozen) return undefined;
  if (day >= POST_FIGURE_DAYS) return base.readings.length ? { ...base, frozen: true } : undefined;
  if (!read || day < 0) return undefined;
  const reading = { day, at: now.toISOString(), ...read };
  const readings = [...base.readings.filter((r) => r.day !== day), reading].sort((a, b) => a.day - b.day);
  return { ...base, readings };
}

/**
 * Two sets of a post's readings as one: every day either has, the later reading of a day
 * winning, frozen once either is. What a write refused on a stale read becomes on the fresh one.
 */
export function mergeReadings(stored: PostReadings, mine: PostReadings): PostReadings {
  const byDay = new Map<number, PostReadings['readings'][number]>();
  for (const reading of [...stored.readings, ...mine.readings]) {
    const kept = byDay.get(reading.day);
    if (!kept || Date.parse(reading.at) > Date.parse(kept.at)) byDay.set(reading.day, reading);
  }
  return {
    ...stored,
    readings: [...byDay.values()].sort((a, b) => a.day - b.day),
    frozen: stored.frozen || mine.frozen,
  };
}

const VERSION = { '#v': 'version' };

/** A write on condition that the readings are still as read (absent, or at the version read). */
const unchangedSince = (read: PostReadings | undefined): PutOptions =>
  read
    ? {
        onlyIf: {
          // Items written before versions have none: version 0.
          expression: 'attribute_exists(pk) AND (attribute_not_exists(#v) OR #v = :read)',
          names: VERSION,
          values: { ':read': read.version ?? 0 },
        },
      }
    : { ifAbsent: true };

/** Writes a refused on a stale read are merged and tried again this often (one per other writer). */
const WRITE_ATTEMPTS = 5;

/**
 * Writes a post's readings on condition that nobody wrote them since they were read. Refused,
 * they are merged into the readings as stored now and written again, so of two collections at
 * once neither drops a day the other wrote. Answers the readings as written.
 */
async function saveReadings(read: PostReadings | undefined, next: PostReadings): Promise<PostReadings> {
  let base = read;
  let mine = next;
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const value = { ...mine, version: (base?.version ?? 0) + 1 };
    if (await postReadings.put(value, { ...unchangedSince(base), grouped: true })) return value;
    base = await postReadings.get(keys.postReadings(next.companyId, next.postId), { consistent: true });
    if (base) mine = mergeReadings(base, mine);
  }
  throw new Error(`post ${next.postId}'s readings kept changing under the collection`);
}

/** The summary of readings, unless one of a later version is stored already (a collection beside this one). */
const saveFigure = (figure: PostFigure) =>
  postFigures.put(figure, {
    grouped: true,
    when: {
      expression: 'attribute_not_exists(#v) OR #v < :mine',
      names: VERSION,
      values: { ':mine': figure.version ?? 0 },
    },
  });

/** The company's posts published from `since` on, newest first (GSI1, its published partition). */
async function publishedSince(companyId: number, since: Date): Promise<PostItem[]> {
  const { gsi1pk } = index.companyPostsByStatus(companyId, 'published', '', 0);
  return posts.query({ index: 'GSI1', pk: gsi1pk, sk: { between: [since.toISOString(), '~'] } });
}

/** Whether a per-post failure concerns that post only (deleted on the platform, no insights for it). */
const postOnly = (error: unknown) =>
  error instanceof PlatformError && (error.failure === 'rejected' || error.failure === 'permission');

/**
 * One platform's posts: each one within its 30 days read once, each one past them frozen, both
 * rows written whole as soon as the post is read (readings first, the summary made of them
 * second), so a run cut anywhere leaves rows the next run simply writes again, and a run beside
 * it merges with them.
 */
async function collectPlatformPosts(
  platform: AnalyticsPlatform,
  list: PostItem[],
  read: Reader | undefined,
  now: Date,
): Promise<void> {
  const stored = new Map(
    (await postReadings.batchGet(list.map((p) => keys.postReadings(p.companyId, p.id)))).map((r) => [r.postId, r]),
  );
  const limit = limitConcurrency(READS_AT_ONCE);
  await Promise.all(
    list.map((post) =>
      limit(async () => {
        const before = stored.get(post.id);
        if (before?.frozen || !post.publishedAt || !post.externalId) return undefined;
        const due = dayOfPost(post.publishedAt, now) < POST_FIGURE_DAYS;
        let figures: PostInsights | undefined;
        if (due && read) {
          try {
            figures = await read({ postId: post.externalId });
          } catch (error) {
            if (!postOnly(error)) throw error;
            log('info', 'a post has no figures on its platform', {
              postId: post.id,
              platform,
              error: (error as Error).message,
            });
          }
        }
        const next = nextReadings(before, { ...post, platform }, now, figures);
        if (!next) return;
        const saved = await saveReadings(before, next);
        await saveFigure({ ...figureOf(post, saved), version: saved.version });
      }),
    ),
  );
}

type Reader = (request: { postId: string }) => Promise<PostInsights>;

/**
 * Runs `collect` with the platform's reader bound to the connection: a social platform's tokens
 * and chosen page, or the WordPress site's credentials.
 */
async function withReader(
  companyId: number,
  platform: AnalyticsPlatform,
  collect: (read: Reader) => Promise<void>,
): Promise<PostFiguresOutcome> {
  const connection = await getConnection(companyId, platform);
  if (!connection) return 'not-connected';
  if (connection.status === 'reconnect') return 'reconnect';
  const targetId = connection.profile?.id;
  if (!targetId) return 'no-profile';
  if (platform === 'wordpress') {
    const reader = wordpressPostInsights(platformConfig());
    await withWordPressSite(companyId, (creds) => collect(({ postId }) => reader({ creds, postId })));
    return 'collected';
  }
  const reader = postInsightsReader(platform, platformConfig());
  await withConnection(companyId, platform, socialSecretsSchema, (_connection, secrets) =>
    collect(({ postId }) => reader({ tokens: secrets.user, targetToken: secrets.target, targetId, postId })),
  );
  return 'collected';
}

/**
 * The per-post part of a company's daily collection (run by metrics-collect, under its watch and
 * schedule chain): every post published in the last 30 days is read once a day from its
 * platform's per-post insights, then frozen. A platform whose posts are all past their 30 days is
 * frozen without a connection. One platform failing leaves the others collected.
 */
export async function collectPostFigures(
  companyId: number,
  now = new Date(),
): Promise<Partial<Record<AnalyticsPlatform, PostFiguresOutcome>>> {
  const published = await publishedSince(companyId, new Date(now.getTime() - LOOKBACK_DAYS * DAY_MS));
  const outcomes: Partial<Record<AnalyticsPlatform, PostFiguresOutcome>> = {};
  for (const platform of ANALYTICS_PLATFORMS) {
    const list = published.filter((p) => p.platform === platform && p.publishedAt && p.externalId);
    if (!list.length) continue;
    try {
      const due = list.some((p) => dayOfPost(p.publishedAt ?? '', now) < POST_FIGURE_DAYS);
      outcomes[platform] = due
        ? await withReader(companyId, platform, (read) => collectPlatformPosts(platform, list, read, now))
        : (await collectPlatformPosts(platform, list, undefined, now), 'none');
    } catch (error) {
      log('warn', 'post figures not collected', {
        companyId,
        platform,
        error: (error as Error).message,
        ...(error instanceof PlatformError ? { detail: error.detail } : {}),
      });
      outcomes[platform] = error instanceof PlatformError && error.failure === 'expired' ? 'reconnect' : 'failed';
    }
  }
  return outcomes;
}
