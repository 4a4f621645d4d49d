import { z } from 'zod';
import type { SocialPlatform } from '@shared/schemas/integrations';
import { graphInsights, metaGraph } from './facebook-client';
import { classifyLinkedInError } from './linkedin-client';
import { classifyGraphError } from './meta-graph';
import type { TokenSet } from './platform-client';
import type { PlatformConfig } from '../platform-config';
import { callPlatform, type PlatformHttpOptions } from './platform-http';
import { wordpressClient, type WordPressCredentials } from './wordpress-client';

/**
 * One published post's lifetime figures, read from its platform's per-post insights (the daily
 * collection reads each post for its first 30 days: functions/core/reports/post-figures-collect.ts).
 * Every answer is parsed with its schema; the endpoints and their sources are in
 * docs/platforms/meta.md and linkedin.md; WordPress's is its comments list.
 */
interface PostInsightsRequest {
  tokens: TokenSet;
  /** The page's own token (Facebook pages). */
  targetToken?: string;
  /** The page, business account, Threads user or LinkedIn author URN the post was published as. */
  targetId: string;
  /** The post's id on the platform (its external id). */
  postId: string;
}

export interface PostInsights {
  likes: number;
  comments: number;
  shares: number;
  /** Null where the platform gives none for a post (Facebook, since Meta retired post_impressions; WordPress). */
  impressions: number | null;
  reach: number | null;
}

export type PostInsightsReader = (request: PostInsightsRequest) => Promise<PostInsights>;

const summary = z.object({ summary: z.object({ total_count: z.number().optional() }).optional() }).optional();

/** Graph's post object with its reaction and comment summaries and its share count (absent when none). */
const facebookPost = z.object({
  id: z.union([z.string(), z.number()]),
  reactions: summary,
  comments: summary,
  shares: z.object({ count: z.number().optional() }).optional(),
});

/** A lifetime metric's value from Graph's insights edge: a number, or 0 when absent (too few viewers). */
function lifetime(data: z.infer<typeof graphInsights>['data'], name: string): number | null {
  const metric = data.find((m) => m.name === name);
  if (!metric) return null;
  const value = metric.values?.[0]?.value ?? metric.total_value?.value;
  return typeof value === 'number' ? value : 0;
}

/** GET /{page-post-id}?fields=reactions.summary(total_count).limit(0),comments…,shares with the page token. */
function facebookReader(config: PlatformConfig): PostInsightsReader {
  const graph = metaGraph(config, 'facebook');
  return async (request) => {
    const token = request.targetToken ?? request.tokens.accessToken;
    const answer = await callPlatform(
      facebookPost,
      graph.url(request.postId, {
        fields: 'id,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares',
      }),
      { headers: { authorization: `Bearer ${token}` } },
      graph.http,
    );
    const post = answer.body;
    return {
      likes: post.reactions?.summary?.total_count ?? 0,
      comments: post.comments?.summary?.total_count ?? 0,
      shares: post.shares?.count ?? 0,
      impressions: null,
      reach: null,
    };
  };
}

/** GET /{ig-media-id}/insights?metric=likes,comments,shares,reach,views (views replaced impressions in v22.0). */
function instagramReader(config: PlatformConfig): PostInsightsReader {
  const graph = metaGraph(config, 'instagram');
  return async (request) => {
    const answer = await callPlatform(
      graphInsights,
      graph.url(`${request.postId}/insights`, { metric: 'likes,comments,shares,reach,views' }),
      { headers: { authorization: `Bearer ${request.tokens.accessToken}` } },
      graph.http,
    );
    const data = answer.body.data;
    return {
      likes: lifetime(data, 'likes') ?? 0,
      comments: lifetime(data, 'comments') ?? 0,
      shares: lifetime(data, 'shares') ?? 0,
      impressions: lifetime(data, 'views'),
      reach: lifetime(data, 'reach'),
    };
  };
}

/** GET /{threads-media-id}/insights?metric=views,likes,replies,reposts,quotes: replies count as comments, reposts and quotes as shares. */
function threadsReader(config: PlatformConfig): PostInsightsReader {
  const http: PlatformHttpOptions = {
    platform: 'threads',
    timeoutMs: config.timeoutMs,
    classify: (answer) => classifyGraphError('threads', answer),
  };
  return async (request) => {
    const url = new URL(`${config.threadsApi}/${config.threadsVersion}/${request.postId}/insights`);
    url.searchParams.set('metric', 'views,likes,replies,reposts,quotes');
    const answer = await callPlatform(
      graphInsights,
      url,
      { headers: { authorization: `Bearer ${request.tokens.accessToken}` } },
      http,
    );
    const data = answer.body.data;
    return {
      likes: lifetime(data, 'likes') ?? 0,
      comments: lifetime(data, 'replies') ?? 0,
      shares: (lifetime(data, 'reposts') ?? 0) + (lifetime(data, 'quotes') ?? 0),
      impressions: lifetime(data, 'views'),
      reach: null,
    };
  };
}

const shareStatistics = z.object({
  elements: z
    .array(
      z.object({
        totalShareStatistics: z
          .object({
            likeCount: z.number().optional(),
            commentCount: z.number().optional(),
            shareCount: z.number().optional(),
            impressionCount: z.number().optional(),
            uniqueImpressionsCount: z.number().optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});

const memberTotals = z.object({ elements: z.array(z.object({ count: z.number().optional() })).optional() });

/**
 * A page's post: lifetime `organizationalEntityShareStatistics` of that share or ugcPost
 * (`shares=List(urn)` / `ugcPosts=List(urn)`, no time interval). A member's post:
 * `memberCreatorPostAnalytics` (entity finder, TOTAL aggregation), one call per metric.
 */
function linkedinReader(config: PlatformConfig): PostInsightsReader {
  const http: PlatformHttpOptions = {
    platform: 'linkedin',
    timeoutMs: config.timeoutMs,
    classify: classifyLinkedInError,
  };
  return async (request) => {
    const headers = {
      authorization: `Bearer ${request.tokens.accessToken}`,
      'linkedin-version': config.linkedinVersion,
      'x-restli-protocol-version': '2.0.0',
    };
    const urn = encodeURIComponent(request.postId);
    const ugc = request.postId.startsWith('urn:li:ugcPost:');
    if (/^urn:li:organization:\d+$/.test(request.targetId)) {
      const answer = await callPlatform(
        shareStatistics,
        new URL(
          `${config.linkedinApi}/rest/organizationalEntityShareStatistics?q=organizationalEntity` +
            `&organizationalEntity=${encodeURIComponent(request.targetId)}&${ugc ? 'ugcPosts' : 'shares'}=List(${urn})`,
        ),
        { headers },
        http,
      );
      const totals = answer.body.elements?.[0]?.totalShareStatistics;
      return {
        likes: totals?.likeCount ?? 0,
        comments: totals?.commentCount ?? 0,
        shares: totals?.shareCount ?? 0,
        impressions: totals?.impressionCount ?? null,
        reach: totals?.uniqueImpressionsCount ?? null,
      };
    }
    const metric = async (queryType: string) => {
      const answer = await callPlatform(
        memberTotals,
        new URL(
          `${config.linkedinApi}/rest/memberCreatorPostAnalytics?q=entity&entity=(${ugc ? 'ugc' : 'share'}:${urn})` +
            `&queryType=${queryType}&aggregation=TOTAL`,
        ),
        { headers },
        http,
      );
      return answer.body.elements?.[0]?.count ?? 0;
    };
    return {
      likes: await metric('REACTION'),
      comments: await metric('COMMENT'),
      shares: await metric('RESHARE'),
      impressions: await metric('IMPRESSION'),
      reach: await metric('MEMBERS_REACHED'),
    };
  };
}

const READERS: Record<SocialPlatform, (config: PlatformConfig) => PostInsightsReader> = {
  facebook: facebookReader,
  instagram: instagramReader,
  threads: threadsReader,
  linkedin: linkedinReader,
};

/** The per-post insights reader of a social platform, with today's configuration. */
export const postInsightsReader = (platform: SocialPlatform, config: PlatformConfig): PostInsightsReader =>
  READERS[platform](config);

/**
 * A WordPress post's figures: its approved comments, counted by the site (`X-WP-Total` of its
 * comments list). WordPress has no likes, shares or views of its own: those stay 0 and null.
 */
export function wordpressPostInsights(
  config: PlatformConfig,
): (request: { creds: WordPressCredentials; postId: string }) => Promise<PostInsights> {
  const client = wordpressClient(config);
  return async ({ creds, postId }) => ({
    likes: 0,
    comments: await client.approvedComments(creds, postId),
    shares: 0,
    impressions: null,
    reach: null,
  });
}
