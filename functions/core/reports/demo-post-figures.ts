import { POST_FIGURE_DAYS, type AnalyticsPlatform } from '@shared/schemas/post-analytics';
import type { PostItem } from '../posts/post-entity';
import { posts } from '../posts/post-entity';
import { clock } from '../clock';
import { getCompany } from '../companies/company-store';
import { demoHistories } from '../demo/demo-history-entity';
import { index, keys } from '../table/keys';
import { postFiguresAt, utcSlot } from './engagement-model';
import type { PostFigure, PostReadings } from './post-figures-entity';
import { excerptOf } from './post-figures-collect';

const DAY_MS = 86_400_000;

/** How lively a small business's posts are on each platform (likes, comments, shares at the favoured time). */
const SIZE: Record<AnalyticsPlatform, { likes: number; comments: number; shares: number }> = {
  facebook: { likes: 16, comments: 3, shares: 2 },
  instagram: { likes: 30, comments: 4, shares: 2 },
  threads: { likes: 8, comments: 2, shares: 1 },
  linkedin: { likes: 7, comments: 1, shares: 1 },
  // A blog's readers comment; WordPress measures nothing else.
  wordpress: { likes: 0, comments: 3, shares: 0 },
};

/** A number in [0, 1) from integers (a small hash), so a post's size is the same on every read. */
const unit = (a: number, b: number) => {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
};

/**
 * A demo company's post figures, drawn on read like its report figures (demo-metrics.ts): each
 * published sample post gets readings from its publish day to today (at most 30), sized by the
 * platform and a seed of the post and the demo, shaped by the engagement model's hour and weekday.
 * Only while the demo has its sample history; none for a company that is not a demo.
 */
export async function demoPostAnalytics(companyId: number) {
  const company = await getCompany(companyId);
  if (!company?.demo) return undefined;
  const history = await demoHistories.get(keys.demoHistory(companyId), { consistent: true });
  const { gsi1pk } = index.companyPostsByStatus(companyId, 'published', '', 0);
  const published = history ? await posts.query({ index: 'GSI1', pk: gsi1pk }) : [];
  const seed = company.demoSeed ?? company.id;
  const now = clock.now();

  const readingsOf = (post: PostItem): PostReadings | undefined => {
    const platform = post.platform as AnalyticsPlatform;
    if (!post.publishedAt || !(platform in SIZE)) return undefined;
    const published = Date.parse(post.publishedAt);
    const age = Math.floor((now.getTime() - published) / DAY_MS);
    if (age < 0) return undefined;
    const size = SIZE[platform];
    const lively = 0.5 + unit(post.id, seed) * 1.2;
    const base = { likes: size.likes * lively, comments: size.comments * lively, shares: size.shares * lively };
    // WordPress counts comments, and nothing of who saw the post.
    const unseen = platform === 'wordpress';
    const readings = Array.from({ length: Math.min(age, POST_FIGURE_DAYS - 1) + 1 }, (_, day) => {
      const figures = postFiguresAt(base, utcSlot(published), day + 0.5);
      return {
        day,
        at: new Date(published + (day + 0.5) * DAY_MS).toISOString(),
        ...figures,
        ...(unseen ? { impressions: null, reach: null } : {}),
      };
    });
    return {
      companyId,
      postId: post.id,
      platform,
      publishedAt: post.publishedAt,
      readings,
      frozen: age >= POST_FIGURE_DAYS,
    };
  };

  const figureOf = (post: PostItem): PostFigure | undefined => {
    const drawn = readingsOf(post);
    const last = drawn?.readings.at(-1);
    if (!drawn || !last) return undefined;
    return {
      companyId,
      postId: post.id,
      platform: drawn.platform,
      publishedAt: drawn.publishedAt,
      excerpt: excerptOf(post),
      permalink: post.permalink,
      likes: last.likes,
      comments: last.comments,
      shares: last.shares,
      impressions: last.impressions,
      reach: last.reach,
      day: last.day,
      frozen: drawn.frozen,
    };
  };

  return {
    readingsOf,
    /** The platform's drawn figures, of posts published within `range` (ISO instants) when given. */
    figuresOf: (platform: AnalyticsPlatform, range?: [string, string]): PostFigure[] =>
      published
        .filter(
          (p) =>
            p.platform === platform &&
            p.publishedAt &&
            (!range || (p.publishedAt >= range[0] && p.publishedAt <= range[1])),
        )
        .flatMap((p) => figureOf(p) ?? []),
  };
}
