import { z } from 'zod';
import { addDays } from '@shared/report-periods';
import { graphDailyValues, graphInsights, metaGraph, unixDay } from './facebook-client';
import { containerPublisher, graphCommenter, graphIdValue } from './meta-graph';
import {
  addToDay,
  utcDay,
  type Insights,
  type InsightsDay,
  type InsightsRequest,
  type PlatformClient,
  type PublishRequest,
} from './platform-client';
import type { PlatformConfig } from '../platform-config';
import { PlatformError } from './platform-error';
import { callPlatform } from './platform-http';
import { askedScopes } from './platform-scopes';
import { limitConcurrency } from '../limit-concurrency';

const INSTAGRAM_SCOPES = askedScopes('instagram').join(',');

/** Instagram's content publishing API is stricter than the spec's rules (which allow 20 files). */
const INSTAGRAM_LIVE_LIMITS = { carouselItems: 10, hashtags: 30, mentions: 20 };

export const instagramSentences = {
  carousel: `Instagram's API publishes carousels of at most ${INSTAGRAM_LIVE_LIMITS.carouselItems} images or videos. Remove some files, or publish the rest in another post.`,
  hashtags: `Instagram allows at most ${INSTAGRAM_LIVE_LIMITS.hashtags} hashtags in a caption. Remove some hashtags and publish again.`,
  mentions: `Instagram allows at most ${INSTAGRAM_LIVE_LIMITS.mentions} @mentions in a caption. Remove some mentions and publish again.`,
};

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

function checkInstagram(request: PublishRequest) {
  const refuse = (message: string) => {
    throw new PlatformError('instagram', 'rejected', message, 'live limit');
  };
  if (request.media.length > INSTAGRAM_LIVE_LIMITS.carouselItems) refuse(instagramSentences.carousel);
  if (count(request.text, /(^|\s)#[\p{L}\p{N}_]+/gu) > INSTAGRAM_LIVE_LIMITS.hashtags)
    refuse(instagramSentences.hashtags);
  if (count(request.text, /(^|\s)@[\w.]+/g) > INSTAGRAM_LIVE_LIMITS.mentions) refuse(instagramSentences.mentions);
}

/**
 * Instagram business accounts through Meta's login: each Facebook page the user manages may
 * have one linked; publishing uses the user token with the account id (containers on
 * `/{ig-user-id}/media`, status_code polled, then `media_publish`).
 */
export function instagramClient(config: PlatformConfig): PlatformClient {
  const graph = metaGraph(config, 'instagram');
  const publisher = containerPublisher({
    platform: 'instagram',
    url: graph.url,
    http: graph.http,
    edge: 'media',
    publishEdge: 'media_publish',
    textField: 'caption',
    statusFields: 'status_code,status',
    readStatus: (body) => ({
      status: typeof body.status_code === 'string' ? body.status_code : '',
      error: typeof body.status === 'string' ? body.status : undefined,
    }),
    item: (media, carouselItem) => ({
      ...(media.kind === 'video'
        ? { media_type: carouselItem ? 'VIDEO' : 'REELS', video_url: media.url }
        : { image_url: media.url }),
      ...(carouselItem ? { is_carousel_item: 'true' } : {}),
    }),
  });
  return {
    platform: 'instagram',
    pkce: true,
    authorizeUrl: (input) => graph.authorizeUrl(input, INSTAGRAM_SCOPES),
    exchangeCode: (input) => graph.exchangeCode(input),
    account: (tokens) => graph.me(tokens),
    async targets(tokens) {
      const pages = await graph.list(
        'me/accounts',
        { fields: 'id,name,instagram_business_account{id,username,name}' },
        tokens,
        z.object({
          id: graphIdValue,
          name: z.string(),
          instagram_business_account: z
            .object({ id: graphIdValue, username: z.string().optional(), name: z.string().optional() })
            .optional(),
        }),
      );
      return pages.flatMap((page) => {
        const ig = page.instagram_business_account;
        return ig ? [{ id: ig.id, name: ig.username ?? ig.name ?? page.name }] : [];
      });
    },
    publisher: {
      ...publisher,
      check: checkInstagram,
      comment: graphCommenter({
        url: graph.url,
        http: graph.http,
        auth: (request) => ({ authorization: `Bearer ${request.tokens.accessToken}` }),
        textField: 'text',
        timeField: 'timestamp',
      }),
    },
    insights: (request) => instagramInsights(graph, request),
  };
}

/** Media insights calls at once: one per media object in the window. */
const MEDIA_INSIGHTS_AT_ONCE = 4;

/**
 * A business account's figures: user insights give the followers gained each day
 * (`follower_count`, period day: the last 30 days, today excluded), the account its size now
 * (`followers_count`); likes and comments are its media's (`like_count`, `comments_count`),
 * counted on the day each was posted, and shares each media object's own insights (`shares`,
 * lifetime: the media object carries no share count), one call per media in the window.
 */
async function instagramInsights(graph: ReturnType<typeof metaGraph>, request: InsightsRequest): Promise<Insights> {
  const auth = { headers: { authorization: `Bearer ${request.tokens.accessToken}` } };
  const since = unixDay(request.from);
  const until = unixDay(addDays(request.to, 1));
  const insights = await callPlatform(
    graphInsights,
    graph.url(`${request.targetId}/insights`, { metric: 'follower_count', period: 'day', since, until }),
    auth,
    graph.http,
  );
  const account = await callPlatform(
    z.object({ followers_count: z.number().optional() }),
    graph.url(request.targetId, { fields: 'followers_count' }),
    auth,
    graph.http,
  );
  const days = new Map<string, InsightsDay>();
  for (const { date, value } of graphDailyValues(insights.body.data, 'follower_count'))
    addToDay(days, date, { followers: value });
  const media = await graph.list(
    `${request.targetId}/media`,
    { fields: 'id,timestamp,like_count,comments_count', since, until },
    request.tokens,
    z.object({
      id: graphIdValue,
      timestamp: z.string().optional(),
      like_count: z.number().optional(),
      comments_count: z.number().optional(),
    }),
  );
  const shares = await mediaShares(graph, media, auth);
  for (const item of media) {
    if (!item.timestamp) continue;
    addToDay(days, utcDay(item.timestamp), {
      likes: item.like_count ?? 0,
      comments: item.comments_count ?? 0,
      shares: shares.get(item.id) ?? 0,
    });
  }
  return { days: [...days.values()], currentFollowers: account.body.followers_count };
}

/**
 * Each media object's lifetime shares. A media object Instagram will not give insights for (one
 * posted before the account was a business account, a story that expired) counts no shares and
 * the others are still read; a dead token or a rate limit fails the collection as any call does.
 */
async function mediaShares(
  graph: ReturnType<typeof metaGraph>,
  media: { id: string }[],
  auth: { headers: Record<string, string> },
): Promise<Map<string, number>> {
  const shares = new Map<string, number>();
  const limit = limitConcurrency(MEDIA_INSIGHTS_AT_ONCE);
  await Promise.all(
    media.map((item) =>
      limit(async () => {
        try {
          const answer = await callPlatform(
            graphInsights,
            graph.url(`${item.id}/insights`, { metric: 'shares' }),
            auth,
            graph.http,
          );
          const value = answer.body.data.find((m) => m.name === 'shares')?.values?.[0]?.value;
          shares.set(item.id, typeof value === 'number' ? value : 0);
        } catch (error) {
          // "(#10) Not enough viewers", "(#100) media posted before business conversion": this media only.
          const mediaOnly =
            error instanceof PlatformError && (error.failure === 'rejected' || error.failure === 'permission');
          if (!mediaOnly) throw error;
        }
      }),
    ),
  );
  return shares;
}
