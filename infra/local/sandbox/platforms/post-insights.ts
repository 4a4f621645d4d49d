import type { ServerResponse } from 'node:http';
import { clock } from '../../../../functions/core/clock';
import {
  DEFAULT_FAVOURED_TIME,
  postFiguresAt,
  utcSlot,
  type FavouredTime,
  type ModelFigures,
} from '../../../../functions/core/reports/engagement-model';
import { graphError, linkedinError } from '../kit/errors';
import type { PlatformContext, SandboxPost } from './context';
import { json } from './failures';
import { postEngagement } from './insights';
import { addPost } from './publishing';
import { randomId } from './context';

/**
 * The platforms' per-post insights (docs/platforms/meta.md and linkedin.md, "Per-post insights"):
 * a post's lifetime figures grow after it goes out (most in two days, all by a month) and depend
 * on the UTC hour and weekday it went out, through the engagement model
 * (functions/core/reports/engagement-model.ts). Time is the runtime's clock, so a test that moves
 * the dev clock sees a post age. Which hour draws most is the sandbox's to set
 * (`POST /__sandbox/engagement`), so a test can make another hour win.
 */

const DAY_MS = 86_400_000;

/** Which time draws the most on this sandbox: the model's default until a test sets another. */
const favouredTimes = new WeakMap<PlatformContext, FavouredTime>();

const favouredTime = (ctx: PlatformContext) => favouredTimes.get(ctx) ?? DEFAULT_FAVOURED_TIME;

/** POST /__sandbox/engagement `{hour, weekdays?}`: the hour (UTC) and weekdays posts draw most at from now on. */
export function setFavouredTime(ctx: PlatformContext, body: unknown): boolean {
  const { hour, weekdays } = (body ?? {}) as { hour?: unknown; weekdays?: unknown };
  if (typeof hour !== 'number' || !Number.isInteger(hour) || hour < 0 || hour > 23) return false;
  const days = Array.isArray(weekdays)
    ? weekdays.filter((d): d is number => Number.isInteger(d) && d >= 1 && d <= 7)
    : [];
  favouredTimes.set(ctx, { hour, weekdays: Array.isArray(weekdays) ? days : DEFAULT_FAVOURED_TIME.weekdays });
  return true;
}

/** A published post's lifetime figures now. */
function postFiguresNow(ctx: PlatformContext, post: SandboxPost): ModelFigures {
  const age = (clock.now().getTime() - post.createdAt) / DAY_MS;
  return postFiguresAt(postEngagement(post), utcSlot(post.createdAt), age, favouredTime(ctx));
}

/** Graph's field list's names without their modifiers (`reactions.summary(total_count).limit(0)` is `reactions`). */
const fieldNames = (fields: string | null) =>
  new Set(
    (fields ?? 'id')
      .split(/,(?![^(]*\))/)
      .map((f) => f.split(/[.{]/)[0]?.trim() ?? '')
      .filter(Boolean),
  );

/**
 * GET /{page-post-id}?fields=…: the Facebook post object's engagement fields, as Graph answers
 * them: `reactions` and `comments` edges with a summary (`total_count`), `shares.count` only when
 * the post has been shared.
 */
export function facebookPostFields(ctx: PlatformContext, post: SandboxPost, fields: string | null) {
  const names = fieldNames(fields);
  const figures = postFiguresNow(ctx, post);
  return {
    ...(names.has('reactions')
      ? { reactions: { data: [], summary: { total_count: figures.likes, viewer_reaction: 'NONE' } } }
      : {}),
    ...(names.has('comments')
      ? { comments: { data: [], summary: { order: 'ranked', total_count: figures.comments, can_comment: true } } }
      : {}),
    ...(names.has('shares') && figures.shares ? { shares: { count: figures.shares } } : {}),
  };
}

const lifetimeMetric = (id: string, name: string, value: number) => ({
  name,
  period: 'lifetime',
  values: [{ value }],
  title: name.charAt(0).toUpperCase() + name.slice(1),
  id: `${id}/insights/${name}/lifetime`,
});

const THREADS_MEDIA_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'];

/** GET /{threads-media-id}/insights?metric=…: a thread's lifetime figures (only its owner's token may ask). */
export function threadsMediaInsights(ctx: PlatformContext, res: ServerResponse, url: URL, post: SandboxPost) {
  const metrics = (url.searchParams.get('metric') ?? '').split(',').filter(Boolean);
  if (!metrics.length || metrics.some((m) => !THREADS_MEDIA_METRICS.includes(m))) {
    return graphError(res, 400, `Param metric must be one of {${THREADS_MEDIA_METRICS.join(', ')}}`, 100);
  }
  const f = postFiguresNow(ctx, post);
  const values: Record<string, number> = {
    views: f.impressions,
    likes: f.likes,
    replies: f.comments,
    reposts: f.shares,
    quotes: 0,
    shares: 0,
  };
  return json(res, 200, { data: metrics.map((name) => lifetimeMetric(post.id, name, values[name] ?? 0)) });
}

const INSTAGRAM_MEDIA_METRICS = new Set(['shares', 'likes', 'comments', 'saved', 'reach', 'views']);

/** GET /{ig-media-id}/insights?metric=…: a media object's lifetime figures (`impressions` is gone since v22.0). */
export function instagramMediaFigures(ctx: PlatformContext, res: ServerResponse, url: URL, post: SandboxPost) {
  const metrics = (url.searchParams.get('metric') ?? '').split(',').filter(Boolean);
  if (!metrics.length || metrics.some((m) => !INSTAGRAM_MEDIA_METRICS.has(m))) {
    return graphError(
      res,
      400,
      `(#100) metric[0] must be one of the following values: ${[...INSTAGRAM_MEDIA_METRICS].join(', ')}`,
      100,
    );
  }
  const f = postFiguresNow(ctx, post);
  const values: Record<string, number> = {
    shares: f.shares,
    likes: f.likes,
    comments: f.comments,
    saved: Math.floor(f.shares / 2),
    reach: f.reach,
    views: f.impressions,
  };
  return json(res, 200, { data: metrics.map((name) => lifetimeMetric(post.id, name, values[name] ?? 0)) });
}

/** The URNs of Rest.li's `List(urn1,urn2)`. */
const restliList = (raw: string | null) =>
  /^List\((.*)\)$/
    .exec(raw ?? '')?.[1]
    ?.split(',')
    .map((urn) => decodeURIComponent(urn))
    .filter(Boolean) ?? [];

/**
 * GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&…&shares=List(urn) (or
 * ugcPosts=List(urn)) without a time interval: each post's lifetime totals, one element per post
 * of the organisation asked for. False when the question names no post (the time-bound statistics).
 */
export function shareStatisticsOfPosts(
  ctx: PlatformContext,
  res: ServerResponse,
  url: URL,
  organization: string,
): boolean {
  const urns = [...restliList(url.searchParams.get('shares')), ...restliList(url.searchParams.get('ugcPosts'))];
  if (!urns.length || url.searchParams.has('timeIntervals')) return false;
  const elements = urns.flatMap((urn) => {
    const post = ctx.posts.find((p) => p.platform === 'linkedin' && p.id === urn && p.owner === organization);
    if (!post) return [];
    const f = postFiguresNow(ctx, post);
    return [
      {
        organizationalEntity: organization,
        [urn.startsWith('urn:li:ugcPost:') ? 'ugcPost' : 'share']: urn,
        totalShareStatistics: {
          uniqueImpressionsCount: f.reach,
          shareCount: f.shares,
          engagement: f.impressions ? (f.likes + f.comments + f.shares) / f.impressions : 0,
          clickCount: f.likes,
          likeCount: f.likes,
          impressionCount: f.impressions,
          commentCount: f.comments,
        },
      },
    ];
  });
  json(res, 200, { paging: { start: 0, count: 10, links: [] }, elements });
  return true;
}

const MEMBER_POST_METRICS: Record<string, keyof ModelFigures> = {
  IMPRESSION: 'impressions',
  MEMBERS_REACHED: 'reach',
  REACTION: 'likes',
  COMMENT: 'comments',
  RESHARE: 'shares',
};

/**
 * GET /rest/memberCreatorPostAnalytics?q=entity&entity=(share:urn)&queryType=…&aggregation=TOTAL:
 * one post of the token's member, one metric, its lifetime total.
 */
export function memberPostTotals(ctx: PlatformContext, res: ServerResponse, url: URL, member: string) {
  const q = url.searchParams;
  const metric = MEMBER_POST_METRICS[q.get('queryType') ?? ''];
  const urn = decodeURIComponent(/^\((?:share|ugc):(.+)\)$/.exec(q.get('entity') ?? '')?.[1] ?? '');
  if (!metric || q.get('aggregation') !== 'TOTAL' || !urn) {
    return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Invalid query parameters passed to request');
  }
  const post = ctx.posts.find((p) => p.platform === 'linkedin' && p.id === urn);
  if (post?.owner !== member)
    return linkedinError(res, 403, 'ACCESS_DENIED', `Not enough permissions to access: ${urn}`);
  const elements = [
    {
      count: postFiguresNow(ctx, post)[metric],
      metricType: {
        'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': q.get('queryType'),
      },
    },
  ];
  return json(res, 200, { paging: { start: 0, count: 10, links: [] }, elements });
}

const ID_OF: Record<SandboxPost['platform'], (owner: string) => string> = {
  facebook: (owner) => `${owner}_${randomId(16)}`,
  instagram: () => randomId(17),
  threads: () => randomId(17),
  linkedin: () => `urn:li:share:${randomId(19)}`,
};

/** A post its account made at `createdAt` (in the past), as the platform would list it now. */
export function madeEarlier(ctx: PlatformContext, body: unknown): SandboxPost | undefined {
  const { platform, owner, text, createdAt } = (body ?? {}) as Record<string, unknown>;
  const at = typeof createdAt === 'string' ? Date.parse(createdAt) : NaN;
  if (typeof platform !== 'string' || !(platform in ID_OF) || typeof owner !== 'string' || typeof text !== 'string')
    return undefined;
  if (!Number.isFinite(at) || at > clock.now().getTime()) return undefined;
  const kind = platform as SandboxPost['platform'];
  const post = addPost(ctx, kind, owner, ID_OF[kind](owner), text, []);
  post.createdAt = at;
  ctx.changed();
  return post;
}
