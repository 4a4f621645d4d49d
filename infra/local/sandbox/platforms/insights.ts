import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { graphError, linkedinError } from '../kit/errors';
import { pick, type PlatformContext, type SandboxPost } from './context';
import { json } from './failures';
import { graphList } from './publishing';

/**
 * The platforms' audience figures (Page Insights, Instagram and Threads user insights,
 * LinkedIn's organisation statistics), made up the same way for every platform: each account
 * starts from a size seeded by its id on EPOCH and gains a few followers a day (seeded per
 * account and day), more on a day it publishes; each published post draws likes, comments and
 * shares seeded by its id, on the day it was made, beside a little daily activity on older posts.
 * The figures are a function of the account and its posts, which the sandbox keeps in
 * DATA_DIR, so they are the same after a restart and move on as days pass and posts go out.
 */

const DAY_MS = 86_400_000;
/** The first day the sandbox accounts have figures for. */
const EPOCH = Date.UTC(2024, 0, 1);

/** A number in [0, 1) from a seed. */
const unit = (seed: string) => parseInt(createHash('sha256').update(seed).digest('hex').slice(0, 8), 16) / 2 ** 32;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** One account's figures for one UTC day. */
export interface SandboxDay {
  date: string;
  follows: number;
  totalFollowers: number;
  likes: number;
  comments: number;
  shares: number;
}

/** A published post's engagement, seeded by its id. */
export const postEngagement = (post: Pick<SandboxPost, 'id'>) => ({
  likes: 5 + Math.floor(unit(`${post.id}:likes`) * 25),
  comments: Math.floor(unit(`${post.id}:comments`) * 6),
  shares: Math.floor(unit(`${post.id}:shares`) * 4),
});

/**
 * The account's days from `from` to `to` (UTC, both included), never past today. `baseline`
 * adds the daily activity on older posts (Threads' and LinkedIn's account-level totals); the
 * post lists of Facebook and Instagram carry each post's own engagement instead.
 */
function accountDays(
  ctx: PlatformContext,
  platform: SandboxPost['platform'],
  owner: string,
  from: string,
  to: string,
  baseline = true,
): SandboxDay[] {
  const posts = new Map<string, SandboxPost[]>();
  for (const post of ctx.posts) {
    if (post.platform !== platform || post.owner !== owner) continue;
    const day = dayOf(post.createdAt);
    posts.set(day, [...(posts.get(day) ?? []), post]);
  }
  const last = Math.min(startOf(to), startOf(dayOf(Date.now())));
  const first = Math.max(startOf(from), EPOCH);
  let total = 150 + Math.floor(unit(`${platform}:${owner}`) * 850);
  const days: SandboxDay[] = [];
  for (let at = EPOCH; at <= last; at += DAY_MS) {
    const date = dayOf(at);
    const published = posts.get(date) ?? [];
    const follows = Math.floor(unit(`${owner}:${date}:follows`) * 6) + 4 * published.length;
    total += follows;
    if (at < first) continue;
    const day = { date, follows, totalFollowers: total, likes: 0, comments: 0, shares: 0 };
    if (baseline) {
      day.likes = Math.floor(unit(`${owner}:${date}:likes`) * 8);
      day.comments = Math.floor(unit(`${owner}:${date}:comments`) * 3);
      day.shares = Math.floor(unit(`${owner}:${date}:shares`) * 2);
    }
    for (const post of published) {
      const engagement = postEngagement(post);
      day.likes += engagement.likes;
      day.comments += engagement.comments;
      day.shares += engagement.shares;
    }
    days.push(day);
  }
  return days;
}

/** The account's size now (the end of today so far). */
const followersNow = (ctx: PlatformContext, platform: SandboxPost['platform'], owner: string) => {
  const today = dayOf(Date.now());
  return accountDays(ctx, platform, owner, today, today, false).at(-1)?.totalFollowers ?? 0;
};

/** Graph's since/until (unix seconds) as UTC days: `until` is exclusive; by default the last two days. */
function graphRange(url: URL): { from: string; to: string } | undefined {
  const until = Number(url.searchParams.get('until') ?? Math.floor(startOf(dayOf(Date.now())) / 1000));
  const since = Number(url.searchParams.get('since') ?? until - 2 * 86_400);
  if (!Number.isFinite(since) || !Number.isFinite(until) || until <= since) return undefined;
  return { from: dayOf(since * 1000), to: dayOf(until * 1000 - 1) };
}

/** Graph's daily value: its end_time is the end of the day, midnight Pacific time (08:00 UTC). */
const endTime = (day: string) => `${dayOf(startOf(day) + DAY_MS)}T08:00:00+0000`;

const insightMetric = (owner: string, name: string, values: { value: number; end_time: string }[]) => ({
  name,
  period: 'day',
  values,
  title: name,
  description: `Sandbox ${name}`,
  id: `${owner}/insights/${name}/day`,
});

const PAGE_METRICS = new Set([
  'page_follows',
  'page_daily_follows',
  'page_daily_follows_unique',
  'page_daily_unfollows_unique',
  'page_post_engagements',
]);

/** GET /{page-id}/insights: Page Insights, period day, at most 93 days between since and until. */
export function pageInsights(ctx: PlatformContext, res: ServerResponse, url: URL, pageId: string) {
  const metrics = (url.searchParams.get('metric') ?? '').split(',').filter(Boolean);
  if (!metrics.length || metrics.some((m) => !PAGE_METRICS.has(m))) {
    return graphError(res, 400, '(#100) The value must be a valid insights metric', 100);
  }
  if ((url.searchParams.get('period') ?? 'day') !== 'day') {
    return graphError(res, 400, '(#100) Invalid period for this metric', 100);
  }
  const range = graphRange(url);
  if (!range) return graphError(res, 400, '(#100) The since and until parameters are invalid', 100);
  if ((startOf(range.to) - startOf(range.from)) / DAY_MS >= 93) {
    return graphError(res, 400, '(#100) There cannot be more than 93 days (8035200 s) between since and until', 100);
  }
  // Complete days only: today's figures come tomorrow.
  const days = accountDays(ctx, 'facebook', pageId, range.from, range.to).filter((d) => d.date < dayOf(Date.now()));
  const value = (name: string, day: SandboxDay) =>
    name === 'page_follows'
      ? day.totalFollowers
      : name === 'page_post_engagements'
        ? day.likes + day.comments + day.shares
        : name === 'page_daily_unfollows_unique'
          ? 0
          : day.follows;
  const data = metrics.map((name) =>
    insightMetric(
      pageId,
      name,
      days.map((d) => ({ value: value(name, d), end_time: endTime(d.date) })),
    ),
  );
  return json(res, 200, { data, paging: {} });
}

/** A Graph field list's names, without their modifiers (`reactions.limit(0).summary(true)` is `reactions`). */
const fieldNames = (fields: string | null, fallback: string) =>
  new Set(
    (fields ?? fallback)
      .split(/,(?![^(]*\))/)
      .map((f) => f.split(/[.{]/)[0]?.trim() ?? '')
      .filter(Boolean),
  );

/** A post made within Graph's since/until (when given). */
const withinRange = (url: URL, post: SandboxPost) => {
  const since = Number(url.searchParams.get('since') ?? 0);
  const until = Number(url.searchParams.get('until') ?? Infinity);
  return post.createdAt >= since * 1000 && post.createdAt < until * 1000;
};

/** GET /{page-id}/posts: the page's posts with their reaction and comment summaries and shares. */
export function pagePosts(
  ctx: PlatformContext,
  res: ServerResponse,
  url: URL,
  pageId: string,
  permalink: (p: SandboxPost) => string,
) {
  const names = fieldNames(url.searchParams.get('fields'), 'id,message,created_time');
  const data = ctx.posts
    .filter((p) => p.platform === 'facebook' && p.owner === pageId && withinRange(url, p))
    .reverse()
    .map((p) => {
      const engagement = postEngagement(p);
      const post: Record<string, unknown> = {
        id: p.id,
        message: p.text,
        created_time: new Date(p.createdAt).toISOString().replace(/\.\d+Z$/, '+0000'),
        permalink_url: permalink(p),
        reactions: { data: [], summary: { total_count: engagement.likes, viewer_reaction: 'NONE' } },
        comments: { data: [], summary: { order: 'ranked', total_count: engagement.comments, can_comment: true } },
        ...(engagement.shares ? { shares: { count: engagement.shares } } : {}),
      };
      return Object.fromEntries(Object.entries(post).filter(([name]) => names.has(name)));
    });
  return json(res, 200, graphList(data));
}

/**
 * GET /{ig-user-id}/insights?metric=follower_count&period=day: the followers gained each day,
 * for the last 30 days only, today excluded (as Instagram answers it).
 */
export function instagramInsights(ctx: PlatformContext, res: ServerResponse, url: URL, igId: string) {
  const metrics = (url.searchParams.get('metric') ?? '').split(',').filter(Boolean);
  if (!metrics.length || metrics.some((m) => m !== 'follower_count')) {
    return graphError(res, 400, '(#100) metric[0] must be one of the following values: follower_count', 100);
  }
  if (url.searchParams.get('period') !== 'day') {
    return graphError(res, 400, '(#100) The period must be day for follower_count', 100);
  }
  const range = graphRange(url);
  if (!range) return graphError(res, 400, '(#100) The since and until parameters are invalid', 100);
  const today = dayOf(Date.now());
  const oldest = dayOf(Date.now() - 30 * DAY_MS);
  const days = accountDays(ctx, 'instagram', igId, range.from < oldest ? oldest : range.from, range.to).filter(
    (d) => d.date < today,
  );
  const values = days.map((d) => ({ value: d.follows, end_time: endTime(d.date) }));
  return json(res, 200, { data: [insightMetric(igId, 'follower_count', values)] });
}

/** GET /{ig-user-id}?fields=...: the business account, with its followers now. */
export function instagramAccount(ctx: PlatformContext, res: ServerResponse, url: URL, igId: string, username: string) {
  const account = {
    id: igId,
    username,
    followers_count: followersNow(ctx, 'instagram', igId),
    media_count: ctx.posts.filter((p) => p.platform === 'instagram' && p.owner === igId).length,
  };
  return json(res, 200, pick(account, url.searchParams.get('fields'), 'id'));
}

/** An Instagram media object's counts, for the media list's fields. */
export const mediaCounts = (post: SandboxPost) => {
  const { likes, comments } = postEngagement(post);
  return { like_count: likes, comments_count: comments };
};

const THREADS_TOTALS = new Set(['likes', 'replies', 'reposts', 'quotes', 'followers_count']);
/** Threads' user insights start on 13 April 2024 (1712991600). */
const THREADS_FIRST = 1712991600;

/**
 * GET /{threads-user-id}/threads_insights: `views` a value per day, likes, replies, reposts and
 * quotes one total for since..until, followers_count the audience now (it takes no range).
 */
export function threadsInsights(ctx: PlatformContext, res: ServerResponse, url: URL, userId: string) {
  const metrics = (url.searchParams.get('metric') ?? '').split(',').filter(Boolean);
  if (!metrics.length || metrics.some((m) => m !== 'views' && !THREADS_TOTALS.has(m))) {
    return graphError(
      res,
      400,
      'Param metric must be one of {views, likes, replies, reposts, quotes, followers_count}',
      100,
    );
  }
  if (Number(url.searchParams.get('since') ?? THREADS_FIRST) < THREADS_FIRST) {
    return graphError(res, 400, 'Param since must be on or after 1712991600', 100);
  }
  const range = graphRange(url);
  if (!range) return graphError(res, 400, 'Param since must be before until', 100);
  const days = accountDays(ctx, 'threads', userId, range.from, range.to);
  const sum = (of: (d: SandboxDay) => number) => days.reduce((n, d) => n + of(d), 0);
  const totals: Record<string, number> = {
    likes: sum((d) => d.likes),
    replies: sum((d) => d.comments),
    reposts: sum((d) => d.shares),
    quotes: 0,
    followers_count: followersNow(ctx, 'threads', userId),
  };
  const data = metrics.map((name) =>
    name === 'views'
      ? insightMetric(
          userId,
          'views',
          days.map((d) => ({ value: d.likes * 20 + d.follows * 5, end_time: endTime(d.date) })),
        )
      : {
          name,
          period: 'day',
          title: name,
          description: `Sandbox ${name}`,
          total_value: { value: totals[name] ?? 0 },
          id: `${userId}/insights/${name}/day`,
        },
  );
  return json(res, 200, { data });
}

/** LinkedIn's time intervals: `(timeRange:(start:…,end:…),timeGranularityType:DAY)`. */
function linkedinInterval(raw: string | null) {
  if (!raw) return undefined;
  const start = Number(/start:(\d+)/.exec(raw)?.[1]);
  const end = Number(/end:(\d+)/.exec(raw)?.[1]);
  const granularity = /timeGranularityType:(DAY|WEEK|MONTH)/.exec(raw)?.[1];
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start || granularity !== 'DAY') return null;
  return { start, end };
}

/**
 * GET /rest/organizationalEntityFollowerStatistics and /rest/organizationalEntityShareStatistics
 * (q=organizationalEntity): per DAY of the time interval, within the rolling 12 months, for an
 * organisation the member administers.
 */
export function organizationStatistics(
  ctx: PlatformContext,
  res: ServerResponse,
  url: URL,
  kind: 'follower' | 'share',
  mayAuthor: (urn: string) => boolean,
) {
  const q = url.searchParams;
  const urn = q.get('organizationalEntity') ?? '';
  if (q.get('q') !== 'organizationalEntity' || !/^urn:li:organization:\d+$/.test(urn)) {
    return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Invalid query parameters passed to request');
  }
  if (!mayAuthor(urn)) return linkedinError(res, 403, 'ACCESS_DENIED', `Not enough permissions to access: ${urn}`);
  const interval = linkedinInterval(q.get('timeIntervals'));
  if (interval === null) return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Invalid time interval');
  if (!interval) {
    // Lifetime statistics: the totals by association, without time ranges.
    return json(res, 200, { paging: { start: 0, count: 10, links: [] }, elements: [{ organizationalEntity: urn }] });
  }
  if (interval.start < Date.now() - 366 * DAY_MS) {
    return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Time range must be within the last 12 months');
  }
  const days = accountDays(ctx, 'linkedin', urn, dayOf(interval.start), dayOf(interval.end - 1)).filter(
    (d) => d.date < dayOf(Date.now()),
  );
  const elements = days.map((d) => {
    const timeRange = { start: startOf(d.date), end: startOf(d.date) + DAY_MS };
    if (kind === 'follower') {
      return {
        organizationalEntity: urn,
        timeRange,
        followerGains: { organicFollowerGain: d.follows, paidFollowerGain: 0 },
      };
    }
    const impressions = d.likes * 30 + d.follows * 10;
    return {
      organizationalEntity: urn,
      timeRange,
      totalShareStatistics: {
        uniqueImpressionsCount: Math.round(impressions * 0.7),
        shareCount: d.shares,
        engagement: impressions ? (d.likes + d.comments + d.shares) / impressions : 0,
        clickCount: d.likes,
        likeCount: d.likes,
        impressionCount: impressions,
        commentCount: d.comments,
      },
    };
  });
  return json(res, 200, { paging: { start: 0, count: 10, links: [] }, elements });
}

/** GET /rest/networkSizes/{urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER: the organisation's followers now. */
export function networkSize(
  ctx: PlatformContext,
  res: ServerResponse,
  url: URL,
  urn: string,
  mayAuthor: (urn: string) => boolean,
) {
  if (url.searchParams.get('edgeType') !== 'COMPANY_FOLLOWED_BY_MEMBER' || !/^urn:li:organization:\d+$/.test(urn)) {
    return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Invalid query parameters passed to request');
  }
  if (!mayAuthor(urn)) return linkedinError(res, 403, 'ACCESS_DENIED', `Not enough permissions to access: ${urn}`);
  return json(res, 200, { firstDegreeSize: followersNow(ctx, 'linkedin', urn) });
}

/** A Rest.li date, `(day:D,month:M,year:Y)`, as a UTC day. */
function restliDay(raw: string | undefined): string | undefined {
  const day = Number(/day:(\d+)/.exec(raw ?? '')?.[1]);
  const month = Number(/month:(\d+)/.exec(raw ?? '')?.[1]);
  const year = Number(/year:(\d+)/.exec(raw ?? '')?.[1]);
  if (!day || !month || !year) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day ? date.toISOString().slice(0, 10) : undefined;
}

/** `dateRange=(start:(...),end:(...))`, the end excluded: the days it covers, or null when malformed. */
function memberDateRange(raw: string | null): { from: string; to: string } | null {
  const start = restliDay(/start:\(([^)]*)\)/.exec(raw ?? '')?.[1]);
  const end = restliDay(/end:\(([^)]*)\)/.exec(raw ?? '')?.[1]);
  if (!start || !end || end <= start) return null;
  return { from: start, to: dayOf(startOf(end) - DAY_MS) };
}

const restliDate = (day: string) => {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  return { day: date, month, year };
};

/**
 * GET /rest/memberFollowersCount (Community Management API, r_member_profileAnalytics) for the
 * token's member: q=me their followers now, q=dateRange the followers gained each day.
 */
export function memberFollowersCount(ctx: PlatformContext, res: ServerResponse, url: URL, member: string) {
  const q = url.searchParams.get('q');
  const paging = { start: 0, count: 10, links: [] };
  if (q === 'me')
    return json(res, 200, { paging, elements: [{ memberFollowersCount: followersNow(ctx, 'linkedin', member) }] });
  const range = q === 'dateRange' ? memberDateRange(url.searchParams.get('dateRange')) : null;
  if (!range) return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Invalid query parameters passed to request');
  const days = accountDays(ctx, 'linkedin', member, range.from, range.to).filter((d) => d.date < dayOf(Date.now()));
  const elements = days.map((d) => ({
    dateRange: { start: restliDate(d.date), end: restliDate(dayOf(startOf(d.date) + DAY_MS)) },
    memberFollowersCount: d.follows,
  }));
  return json(res, 200, { paging, elements });
}

const MEMBER_METRICS: Partial<Record<string, 'likes' | 'comments' | 'shares'>> = {
  REACTION: 'likes',
  COMMENT: 'comments',
  RESHARE: 'shares',
};

/**
 * GET /rest/memberCreatorPostAnalytics?q=me&queryType=...&aggregation=DAILY&dateRange=...
 * (r_member_postAnalytics): the member's posts' reactions, comments or reshares per day.
 */
export function memberPostAnalytics(ctx: PlatformContext, res: ServerResponse, url: URL, member: string) {
  const q = url.searchParams;
  const metric = MEMBER_METRICS[q.get('queryType') ?? ''];
  const range = memberDateRange(q.get('dateRange'));
  if (q.get('q') !== 'me' || !metric || q.get('aggregation') !== 'DAILY' || !range) {
    return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Invalid query parameters passed to request');
  }
  const days = accountDays(ctx, 'linkedin', member, range.from, range.to).filter((d) => d.date < dayOf(Date.now()));
  const elements = days.map((d) => ({
    count: d[metric],
    metricType: {
      'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': q.get('queryType'),
    },
    dateRange: { start: restliDate(d.date), end: restliDate(dayOf(startOf(d.date) + DAY_MS)) },
  }));
  return json(res, 200, { paging: { start: 0, count: 10, links: [] }, elements });
}
