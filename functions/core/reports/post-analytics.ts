import { isCalendarDay } from '@shared/calendar-day';
import { reportPeriodMessages } from '@shared/report-periods';
import {
  ANALYTICS_PLATFORMS,
  BEST_TIMES_PLATFORMS,
  type AnalyticsPlatform,
  type BestTimes,
  type BestTimesQuery,
  type PostFigures,
  type TopPost,
  type TopPosts,
  type TopPostsQuery,
} from '@shared/schemas/post-analytics';
import { requirePaidPlan } from '../billing/paid-plan';
import { getPost } from '../posts/post-store';
import { conflict, fieldError } from '../errors';
import { companyItemPrefix, keys, partition } from '../table/keys';
import { bestTimes } from './best-times';
import { demoPostAnalytics } from './demo-post-figures';
import { engagementOf, postFigures, postReadings, type PostFigure } from './post-figures-entity';
import { MAX_REPORT_DAYS, reportMessages } from './report';

const postAnalyticsMessages = {
  notPublished: 'Only a published post has figures: this one has not been published.',
  unknownPlatform: (name: string, what: string, known: readonly string[]) =>
    `"${name}" is not a platform with ${what}: use ${known.join(', ')}, separated by commas.`,
} as const;

/** The platforms of the comma list (all `known` when it is absent or empty), each once, in the list's order. */
function platformsOf<P extends AnalyticsPlatform>(
  list: string | undefined,
  known: readonly P[],
  what: 'post figures' | 'best times',
): P[] {
  const names = (list ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.length) return [...known];
  const unknown = names.find((name) => !(known as readonly string[]).includes(name));
  if (unknown !== undefined) {
    throw fieldError('platforms', postAnalyticsMessages.unknownPlatform(unknown.slice(0, 40), what, known));
  }
  return [...new Set(names)] as P[];
}

const isAnalyticsPlatform = (platform: string): platform is AnalyticsPlatform =>
  (ANALYTICS_PLATFORMS as readonly string[]).includes(platform);

/** GET /api/reports/posts/{id}: a published post's readings over its first 30 days (the paid gate first). */
export async function readPostFigures(companyId: number, postId: number): Promise<PostFigures> {
  await requirePaidPlan(companyId);
  const post = await getPost(companyId, postId);
  if (post.status !== 'published' || !post.publishedAt || !isAnalyticsPlatform(post.platform)) {
    throw conflict(postAnalyticsMessages.notPublished);
  }
  const demo = await demoPostAnalytics(companyId);
  const stored = demo ? demo.readingsOf(post) : await postReadings.get(keys.postReadings(companyId, postId));
  const readings = stored?.readings ?? [];
  const last = readings.at(-1);
  const figures = {
    likes: last?.likes ?? 0,
    comments: last?.comments ?? 0,
    shares: last?.shares ?? 0,
    impressions: last?.impressions ?? null,
    reach: last?.reach ?? null,
  };
  return {
    postId,
    platform: post.platform,
    publishedAt: post.publishedAt,
    frozen: stored?.frozen ?? false,
    ...figures,
    engagement: engagementOf(figures),
    readings,
  };
}

const platformPrefix = (platform: AnalyticsPlatform) => `${companyItemPrefix.postFigures}${platform}#`;

/** A platform's summary rows published between two ISO instants, or all of them: one Query. */
function figuresOf(companyId: number, platform: AnalyticsPlatform, range?: [string, string]): Promise<PostFigure[]> {
  const prefix = platformPrefix(platform);
  return postFigures.query({
    pk: partition.company(companyId),
    sk: range ? { between: [`${prefix}${range[0]}`, `${prefix}${range[1]}~`] } : { beginsWith: prefix },
  });
}

const toTopPost = (f: PostFigure): TopPost => ({
  postId: f.postId,
  platform: f.platform,
  publishedAt: f.publishedAt,
  excerpt: f.excerpt,
  permalink: f.permalink,
  frozen: f.frozen,
  likes: f.likes,
  comments: f.comments,
  shares: f.shares,
  impressions: f.impressions,
  reach: f.reach,
  engagement: engagementOf(f),
});

/** Best first; a figure the platform does not give sorts last; ties go to the newer post. */
export function sortTopPosts(list: TopPost[], sort: TopPostsQuery['sort']): TopPost[] {
  const value = (p: TopPost) => (sort === 'publishedAt' ? Date.parse(p.publishedAt) : (p[sort] ?? -1));
  return [...list].sort((a, b) => value(b) - value(a) || b.publishedAt.localeCompare(a.publishedAt));
}

/** GET /api/reports/top-posts: per platform, its posts published on UTC days from..to, best first. */
export async function readTopPosts(companyId: number, query: TopPostsQuery): Promise<TopPosts> {
  for (const field of ['from', 'to'] as const) {
    if (!isCalendarDay(query[field])) throw fieldError(field, reportPeriodMessages.invalidDay);
  }
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
  if (days < 1) throw fieldError('to', reportMessages.range);
  if (days > MAX_REPORT_DAYS) throw fieldError('to', reportMessages.span);
  const platforms = platformsOf(query.platforms, ANALYTICS_PLATFORMS, 'post figures');
  await requirePaidPlan(companyId);
  const demo = await demoPostAnalytics(companyId);
  const range: [string, string] = [`${query.from}T00:00:00.000Z`, `${query.to}T23:59:59.999Z`];
  const lists = await Promise.all(
    platforms.map(async (platform) => {
      const rows = demo ? demo.figuresOf(platform, range) : await figuresOf(companyId, platform, range);
      return sortTopPosts(rows.map(toTopPost), query.sort).slice(0, query.limit);
    }),
  );
  return Object.fromEntries(platforms.map((platform, i) => [platform, lists[i]]));
}

/** GET /api/reports/best-times: per social platform, from all its posts' figures, in the zone. */
export async function readBestTimes(companyId: number, query: BestTimesQuery): Promise<BestTimes> {
  const platforms = platformsOf(query.platforms, BEST_TIMES_PLATFORMS, 'best times');
  await requirePaidPlan(companyId);
  const demo = await demoPostAnalytics(companyId);
  const answers = await Promise.all(
    platforms.map(async (platform) =>
      bestTimes(platform, demo ? demo.figuresOf(platform) : await figuresOf(companyId, platform), query.zone),
    ),
  );
  return Object.fromEntries(platforms.map((platform, i) => [platform, answers[i]]));
}
