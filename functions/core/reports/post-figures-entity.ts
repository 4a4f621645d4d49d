import { z } from 'zod';
import { ANALYTICS_PLATFORMS } from '@shared/schemas/post-analytics';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

const count = z.number().int().nonnegative();
const optionalCount = count.nullable();

/** One reading of a post's lifetime figures on its platform, `day` whole days after publishing. */
const postReadingSchema = z.object({
  day: z.number().int().nonnegative(),
  at: z.string(),
  likes: count,
  comments: count,
  shares: count,
  impressions: optionalCount,
  reach: optionalCount,
});

/**
 * A published post's readings over its first 30 days, one per day (a day read again replaces its
 * reading). `frozen` once the 30 days are over: nothing reads the post again. `version` counts
 * its writes: each one is conditioned on the version it read, so two collections at once merge
 * their readings rather than drop each other's (post-figures-collect.ts); items written before
 * it have none, which counts as 0.
 */
const postReadingsSchema = z.object({
  companyId: z.number().int(),
  postId: z.number().int(),
  platform: z.enum(ANALYTICS_PLATFORMS),
  publishedAt: z.string(),
  readings: z.array(postReadingSchema),
  frozen: z.boolean(),
  version: z.number().int().nonnegative().optional(),
});
export type PostReadings = z.infer<typeof postReadingsSchema>;

export const postReadings = defineEntity({
  type: 'post-readings',
  schema: postReadingsSchema,
  key: (r) => keys.postReadings(r.companyId, r.postId),
  versioned: true,
});

/**
 * A published post's latest figures, small and sorted by platform and publish time, so top posts
 * and best times read only these rows: what the list shows of the post is kept on it.
 */
const postFigureSchema = z.object({
  companyId: z.number().int(),
  postId: z.number().int(),
  platform: z.enum(ANALYTICS_PLATFORMS),
  publishedAt: z.string(),
  excerpt: z.string(),
  permalink: z.string().nullable(),
  likes: count,
  comments: count,
  shares: count,
  impressions: optionalCount,
  reach: optionalCount,
  /** The day of the last reading. */
  day: z.number().int().nonnegative(),
  frozen: z.boolean(),
  /** The version of the readings it was made of: an older summary never replaces a newer one. */
  version: z.number().int().nonnegative().optional(),
});
export type PostFigure = z.infer<typeof postFigureSchema>;

export const postFigures = defineEntity({
  type: 'post-figure',
  schema: postFigureSchema,
  key: (f) => keys.postFigures(f.companyId, f.platform, f.publishedAt, f.postId),
});

export const engagementOf = (f: { likes: number; comments: number; shares: number }) => f.likes + f.comments + f.shares;
