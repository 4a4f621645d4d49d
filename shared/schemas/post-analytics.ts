import { z } from 'zod/mini';
import { isTimeZone } from '../calendar-day';

/**
 * Per-post analytics and best times: what each published post drew on its platform over its
 * first days, the company's top posts of a period, and the hours and weekdays that did best.
 */

/** The platforms whose posts have figures, from each one's per-post insights (WordPress: its comments). */
export const ANALYTICS_PLATFORMS = ['facebook', 'instagram', 'threads', 'linkedin', 'wordpress'] as const;
export type AnalyticsPlatform = (typeof ANALYTICS_PLATFORMS)[number];

/**
 * The platforms best times are worked out for: the social ones. A blog post's comments come over
 * days of reading, not in the hours after it goes out, so its hour says little.
 */
export const BEST_TIMES_PLATFORMS = ['facebook', 'instagram', 'threads', 'linkedin'] as const;
export type BestTimesPlatform = (typeof BEST_TIMES_PLATFORMS)[number];

type PostCount = 'likes' | 'comments' | 'shares';

/**
 * The counts each platform measures of a post. WordPress counts only its approved comments: its
 * likes and shares are stored as 0 and are no measurement, so a page leaves them out.
 */
export const POST_COUNTS: Record<AnalyticsPlatform, readonly PostCount[]> = {
  facebook: ['likes', 'comments', 'shares'],
  instagram: ['likes', 'comments', 'shares'],
  threads: ['likes', 'comments', 'shares'],
  linkedin: ['likes', 'comments', 'shares'],
  wordpress: ['comments'],
};

/** A post is read by the daily collection for its first 30 days, then its figures are frozen. */
export const POST_FIGURE_DAYS = 30;

/** Under this many published posts with figures on a platform, best times are a documented default. */
export const BEST_TIMES_MIN_POSTS = 20;

const count = z.nullable(z.number());

/** One reading of a post's lifetime figures, `day` whole days after it was published (0 = its first day). */
const postFigureReadingSchema = z.object({
  day: z.number(),
  /** When it was read (ISO). */
  at: z.string(),
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
  /** Where the platform gives them; null where it does not (Facebook, WordPress). */
  impressions: count,
  reach: count,
});

/** GET /api/reports/posts/{id}: a published post's figures, day by day over its first 30 days. */
export const postFiguresSchema = z
  .object({
    postId: z.number(),
    platform: z.enum(ANALYTICS_PLATFORMS),
    publishedAt: z.string(),
    /** True once its 30 days are over: the figures no longer change. */
    frozen: z.boolean(),
    /** The last reading (all zero before the first one); WordPress measures comments only (POST_COUNTS). */
    likes: z.number(),
    comments: z.number(),
    shares: z.number(),
    impressions: count,
    reach: count,
    /** Likes, comments and shares added up: what top posts and best times rank by. */
    engagement: z.number(),
    readings: z.array(postFigureReadingSchema),
  })
  .check(z.meta({ title: 'PostFigures' }));
export type PostFigures = z.infer<typeof postFiguresSchema>;

const dayField = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-03-01.'));

const TOP_POST_SORTS = ['engagement', 'likes', 'comments', 'shares', 'impressions', 'reach', 'publishedAt'] as const;
export type TopPostSort = (typeof TOP_POST_SORTS)[number];

/** GET /api/reports/top-posts: posts published on UTC days from..to, per platform, best first by `sort`. */
export const topPostsQuerySchema = z.object({
  from: dayField,
  to: dayField,
  /** A comma list of ANALYTICS_PLATFORMS; all of them when absent. */
  platforms: z.optional(z.string().check(z.maxLength(100))),
  sort: z._default(z.enum(TOP_POST_SORTS), 'engagement'),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), 10),
});
export type TopPostsQuery = z.infer<typeof topPostsQuerySchema>;

const topPostSchema = z.object({
  postId: z.number(),
  platform: z.enum(ANALYTICS_PLATFORMS),
  publishedAt: z.string(),
  /** The post's first words, as the list shows them. */
  excerpt: z.string(),
  permalink: z.nullable(z.string()),
  frozen: z.boolean(),
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
  impressions: count,
  reach: count,
  engagement: z.number(),
});
export type TopPost = z.infer<typeof topPostSchema>;

/** Per platform asked, its posts of the period, best first; a platform with none is an empty array. */
export const topPostsSchema = z
  .object({
    facebook: z.optional(z.array(topPostSchema)),
    instagram: z.optional(z.array(topPostSchema)),
    threads: z.optional(z.array(topPostSchema)),
    linkedin: z.optional(z.array(topPostSchema)),
    wordpress: z.optional(z.array(topPostSchema)),
  })
  .check(z.meta({ title: 'TopPosts' }));
export type TopPosts = z.infer<typeof topPostsSchema>;

const bestTimesMessages = { zone: 'Use an IANA time zone such as Europe/Paris.' } as const;

/** GET /api/reports/best-times: per platform, in the IANA zone (the company's), from its own posts. */
export const bestTimesQuerySchema = z.object({
  /** A comma list of BEST_TIMES_PLATFORMS; all of them when absent. */
  platforms: z.optional(z.string().check(z.maxLength(100))),
  zone: z._default(z.string().check(z.refine(isTimeZone, bestTimesMessages.zone)), 'UTC'),
});
export type BestTimesQuery = z.infer<typeof bestTimesQuerySchema>;

/**
 * One weekday (1 Monday … 7 Sunday, ISO), hour (0-23) or weekday × hour cell: how many posts it
 * rests on, their average engagement (null without posts, and in a default), and a score of
 * 0-100 against the platform's best cell (for a default: how strongly it is recommended).
 */
const slotFigures = {
  posts: z.number(),
  engagement: z.nullable(z.number()),
  score: z.number(),
};
const bestTimesCellSchema = z.object({ weekday: z.number(), hour: z.number(), ...slotFigures });
const bestTimesHourSchema = z.object({ hour: z.number(), ...slotFigures });
const bestTimesWeekdaySchema = z.object({ weekday: z.number(), ...slotFigures });
export type BestTimesCell = z.infer<typeof bestTimesCellSchema>;

const platformBestTimesSchema = z.object({
  /** `own`: from the company's posts; `default`: fewer than BEST_TIMES_MIN_POSTS of them, a common default. */
  source: z.enum(['own', 'default']),
  /** The company's published posts with figures on this platform. */
  posts: z.number(),
  minimumPosts: z.number(),
  zone: z.string(),
  /** The best weekday × hour slots first (at most 3). */
  best: z.array(bestTimesCellSchema),
  hours: z.array(bestTimesHourSchema),
  weekdays: z.array(bestTimesWeekdaySchema),
  /** 7 × 24 cells, Monday 00:00 first. */
  cells: z.array(bestTimesCellSchema),
});
export type PlatformBestTimes = z.infer<typeof platformBestTimesSchema>;

export const bestTimesSchema = z
  .object({
    facebook: z.optional(platformBestTimesSchema),
    instagram: z.optional(platformBestTimesSchema),
    threads: z.optional(platformBestTimesSchema),
    linkedin: z.optional(platformBestTimesSchema),
  })
  .check(z.meta({ title: 'BestTimes' }));
export type BestTimes = z.infer<typeof bestTimesSchema>;
