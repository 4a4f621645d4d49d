import { z } from 'zod';
import { addDays } from '@shared/report-periods';
import { POST_MAX_LENGTH, threadsLength } from '@shared/platform-rules';
import { classifyGraphError, containerPublisher, graphIdValue, graphPage } from './meta-graph';
import {
  authorizationUrl,
  expiresIn,
  type Insights,
  type InsightsDay,
  type PlatformClient,
  type PublishRequest,
  type TokenSet,
} from './platform-client';
import { PlatformError } from './platform-error';
import type { PlatformConfig } from '../platform-config';
import { callPlatform, type PlatformHttpOptions } from './platform-http';
import { askedScopes } from './platform-scopes';

const threadsToken = z.object({
  access_token: z.string(),
  user_id: graphIdValue.optional(),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});
type ThreadsToken = z.infer<typeof threadsToken>;

const THREADS_SCOPES = askedScopes('threads').join(',');

/** Threads' limit, as Threads counts it (shared/platform-rules.ts, whose rule the calendar applies too). */
const THREADS_TEXT_LIMIT = POST_MAX_LENGTH.threads;

const threadsSentences = {
  tooLong: (length: number) =>
    `Threads counts each emoji as several characters, so this post is ${length - THREADS_TEXT_LIMIT} over Threads' limit of ${THREADS_TEXT_LIMIT}. Shorten it and publish again.`,
};

/** A post saved before the calendar counted as Threads does may still be over: refused before any call. */
function checkThreads(request: PublishRequest) {
  const length = threadsLength(request.text);
  if (length > THREADS_TEXT_LIMIT)
    throw new PlatformError('threads', 'rejected', threadsSentences.tooLong(length), 'live limit');
}

/**
 * Threads' own login: the code exchange (POST), the long-lived token (`th_exchange_token`,
 * about 60 days) and its refresh (`th_refresh_token`, for a token at least a day old and not
 * yet expired). Errors come in Graph's shape. No PKCE: Threads' authorize endpoint has none.
 */
export function threadsClient(config: PlatformConfig): PlatformClient {
  const http: PlatformHttpOptions = {
    platform: 'threads',
    timeoutMs: config.timeoutMs,
    classify: (answer) => classifyGraphError('threads', answer),
  };
  const api = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(`${config.threadsApi}/${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };
  const longLived = (token: ThreadsToken): TokenSet => ({
    accessToken: token.access_token,
    expiresAt: expiresIn(token.expires_in),
  });

  return {
    platform: 'threads',
    pkce: false,
    authorizeUrl({ creds, redirectUri, state }) {
      return authorizationUrl(`${config.threadsWww}/oauth/authorize`, {
        clientId: creds.clientId,
        redirectUri,
        state,
        scope: THREADS_SCOPES,
      });
    },
    async exchangeCode({ creds, redirectUri, code }) {
      const short = await callPlatform(
        threadsToken,
        api('oauth/access_token'),
        {
          method: 'POST',
          form: {
            client_id: creds.clientId,
            client_secret: creds.clientSecret,
            grant_type: 'authorization_code',
            redirect_uri: redirectUri,
            code,
          },
        },
        http,
      );
      const long = await callPlatform(
        threadsToken,
        api('access_token', {
          grant_type: 'th_exchange_token',
          client_secret: creds.clientSecret,
          access_token: short.body.access_token,
        }),
        {},
        http,
      );
      return longLived(long.body);
    },
    async account(tokens) {
      const me = await callPlatform(
        z.object({ id: graphIdValue, username: z.string().optional(), name: z.string().optional() }),
        api(`${config.threadsVersion}/me`, { fields: 'id,username,name' }),
        { headers: { authorization: `Bearer ${tokens.accessToken}` } },
        http,
      );
      return { id: me.body.id, name: me.body.username ?? me.body.name ?? '' };
    },
    targets: () => Promise.resolve([]),
    publisher: {
      ...containerPublisher({
        platform: 'threads',
        url: (path, query) => api(`${config.threadsVersion}/${path}`, query),
        http,
        edge: 'threads',
        publishEdge: 'threads_publish',
        textField: 'text',
        statusFields: 'status,error_message',
        readStatus: (body) => ({
          status: typeof body.status === 'string' ? body.status : '',
          error: typeof body.error_message === 'string' ? body.error_message : undefined,
        }),
        item: (media, carouselItem) => ({
          ...(media.kind === 'video'
            ? { media_type: 'VIDEO', video_url: media.url }
            : { media_type: 'IMAGE', image_url: media.url }),
          ...(carouselItem ? { is_carousel_item: 'true' } : {}),
        }),
        textOnly: { media_type: 'TEXT' },
      }),
      check: checkThreads,
    },
    /**
     * User insights (`/{threads-user-id}/threads_insights`): likes, replies and reposts come as
     * one total for the range asked, so each day is its own call; `followers_count` is the
     * audience now (it takes no range), and there is no daily follower series.
     */
    async insights(request): Promise<Insights> {
      const auth = { headers: { authorization: `Bearer ${request.tokens.accessToken}` } };
      const read = async (query: Record<string, string>) =>
        (
          await callPlatform(
            graphPage(threadsInsight),
            api(`${config.threadsVersion}/${request.targetId}/threads_insights`, query),
            auth,
            http,
          )
        ).body.data;
      const days: InsightsDay[] = [];
      for (let day = request.from; day <= request.to; day = addDays(day, 1)) {
        const metrics = await read({
          metric: 'likes,replies,reposts',
          since: unixSeconds(day),
          until: unixSeconds(addDays(day, 1)),
        });
        days.push({
          date: day,
          likes: totalOf(metrics, 'likes') ?? 0,
          comments: totalOf(metrics, 'replies') ?? 0,
          shares: totalOf(metrics, 'reposts') ?? 0,
        });
      }
      const followers = totalOf(await read({ metric: 'followers_count' }), 'followers_count');
      return { days, currentFollowers: followers };
    },
    async refresh(tokens) {
      const fresh = await callPlatform(
        threadsToken,
        api('refresh_access_token', { grant_type: 'th_refresh_token', access_token: tokens.accessToken }),
        {},
        http,
      );
      return longLived(fresh.body);
    },
  };
}

/** One metric of Threads' user insights: a total for the range, or (views) a value per day. */
const threadsInsight = z.object({
  name: z.string(),
  period: z.string().optional(),
  total_value: z.object({ value: z.number().optional() }).optional(),
  values: z.array(z.object({ value: z.number().optional(), end_time: z.string().optional() })).optional(),
});
type ThreadsInsight = z.infer<typeof threadsInsight>;

const unixSeconds = (day: string) => String(Date.parse(`${day}T00:00:00Z`) / 1000);
const totalOf = (metrics: ThreadsInsight[], name: string) => {
  const value = metrics.find((m) => m.name === name)?.total_value?.value;
  return typeof value === 'number' ? value : undefined;
};
