import { z } from 'zod';
import { addDays } from '@shared/report-periods';
import { classifyGraphError, graphCommenter, graphCreated, graphIdValue, graphPage } from './meta-graph';
import {
  authorizationUrl,
  addToDay,
  expiresIn,
  sameText,
  type ClientCredentials,
  type Insights,
  type InsightsDay,
  type InsightsRequest,
  type PlatformClient,
  type Publisher,
  type PublishRequest,
  type TokenSet,
  utcDay,
} from './platform-client';
import type { PlatformConfig } from '../platform-config';
import { PlatformError } from './platform-error';
import { callPlatform, type PlatformHttpOptions } from './platform-http';
import { askedScopes } from './platform-scopes';
import type { SocialPlatform } from '@shared/schemas/integrations';

const graphToken = z.object({
  access_token: z.string(),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});
/** GET /me/permissions: each permission the user granted or declined. */
const graphPermissions = graphPage(z.object({ permission: z.string(), status: z.string() }));
const graphMe = z.object({ id: graphIdValue, name: z.string().optional() });

/**
 * Meta's Graph API as Facebook and Instagram both use it: Facebook Login's code flow (with
 * PKCE), the short-lived → long-lived user token exchange (`fb_exchange_token`; Meta has no
 * refresh grant: an expired connection is reconnected), and paged reads.
 */
export function metaGraph(config: PlatformConfig, platform: SocialPlatform) {
  const http: PlatformHttpOptions = {
    platform,
    timeoutMs: config.timeoutMs,
    classify: (answer) => classifyGraphError(platform, answer),
  };
  const api = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(`${config.graphApi}/${config.graphVersion}/${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  return {
    url: api,
    http,

    authorizeUrl(
      input: { creds: ClientCredentials; redirectUri: string; state: string; codeChallenge?: string },
      scope: string,
    ) {
      return authorizationUrl(
        `${config.facebookWww}/${config.graphVersion}/dialog/oauth`,
        {
          clientId: input.creds.clientId,
          redirectUri: input.redirectUri,
          state: input.state,
          scope,
          ...(input.codeChallenge ? { codeChallenge: input.codeChallenge } : {}),
        },
        // Facebook Login does not ask again for a permission the user declined unless told to
        // (auth_type=rerequest): a reconnect for a missing permission must be able to grant it.
        { auth_type: 'rerequest' },
      );
    },

    async exchangeCode(input: {
      creds: ClientCredentials;
      redirectUri: string;
      code: string;
      codeVerifier?: string;
    }): Promise<TokenSet> {
      const short = await callPlatform(
        graphToken,
        api('oauth/access_token', {
          client_id: input.creds.clientId,
          client_secret: input.creds.clientSecret,
          redirect_uri: input.redirectUri,
          code: input.code,
          ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}),
        }),
        {},
        http,
      );
      const long = await callPlatform(
        graphToken,
        api('oauth/access_token', {
          grant_type: 'fb_exchange_token',
          client_id: input.creds.clientId,
          client_secret: input.creds.clientSecret,
          fb_exchange_token: short.body.access_token,
        }),
        {},
        http,
      );
      // Meta's dialog lets the user decline permissions: what was granted is read, not assumed.
      const permissions = await callPlatform(
        graphPermissions,
        api('me/permissions'),
        { headers: bearer(long.body.access_token) },
        http,
      );
      return {
        accessToken: long.body.access_token,
        expiresAt: expiresIn(long.body.expires_in),
        scopes: permissions.body.data.filter((p) => p.status === 'granted').map((p) => p.permission),
      };
    },

    async me(tokens: TokenSet) {
      const me = await callPlatform(
        graphMe,
        api('me', { fields: 'id,name' }),
        { headers: bearer(tokens.accessToken) },
        http,
      );
      return { id: me.body.id, name: me.body.name ?? '' };
    },

    /** Every page of a Graph list (at most 10 pages), following `paging.next` on the Graph host only. */
    async list<T extends z.ZodType>(
      path: string,
      query: Record<string, string>,
      tokens: TokenSet,
      item: T,
    ): Promise<z.output<T>[]> {
      const all: z.output<T>[] = [];
      const pageOf = graphPage(item);
      let url: URL | undefined = api(path, { limit: '100', ...query });
      for (let page = 0; url && page < 10; page++) {
        const answer: { body: { data: z.output<T>[]; paging?: { next?: string } } } = await callPlatform(
          pageOf,
          url,
          { headers: bearer(tokens.accessToken) },
          http,
        );
        all.push(...answer.body.data);
        const next: string | undefined = answer.body.paging?.next;
        url = next && new URL(next).origin === new URL(config.graphApi).origin ? new URL(next) : undefined;
      }
      return all;
    },
  };
}

const FACEBOOK_SCOPES = askedScopes('facebook').join(',');

/** Facebook Pages: the user's pages, each with its own page token (long-lived, from the long-lived user token). */
export function facebookClient(config: PlatformConfig): PlatformClient {
  const graph = metaGraph(config, 'facebook');
  return {
    platform: 'facebook',
    pkce: true,
    authorizeUrl: (input) => graph.authorizeUrl(input, FACEBOOK_SCOPES),
    exchangeCode: (input) => graph.exchangeCode(input),
    account: (tokens) => graph.me(tokens),
    async targets(tokens) {
      const pages = await graph.list(
        'me/accounts',
        { fields: 'id,name,access_token' },
        tokens,
        z.object({ id: graphIdValue, name: z.string(), access_token: z.string().optional() }),
      );
      return pages.map((p) => ({ id: p.id, name: p.name, accessToken: p.access_token }));
    },
    publisher: facebookPublisher(graph),
    insights: (request) => facebookInsights(graph, request),
  };
}

/** Unix seconds of a UTC day's start: Graph's `since` and `until`. */
export const unixDay = (day: string) => String(Date.parse(`${day}T00:00:00Z`) / 1000);

/** One metric of Graph's insights edge (pages and Instagram accounts): a value per period, by its end. */
const graphInsight = z.object({
  name: z.string(),
  period: z.string(),
  // A number for the metrics read here; other metrics answer an object (a breakdown).
  values: z.array(z.object({ value: z.unknown().optional(), end_time: z.string().optional() })).optional(),
  total_value: z.object({ value: z.unknown().optional() }).optional(),
});
export type GraphInsight = z.infer<typeof graphInsight>;
export const graphInsights = graphPage(graphInsight);

/**
 * The days of Graph's daily insight values. A day's value carries the end of that day
 * (`end_time`, midnight Pacific time, the next date in UTC): the day is the date before it.
 */
export function graphDailyValues(metrics: GraphInsight[], name: string): { date: string; value: number }[] {
  const metric = metrics.find((m) => m.name === name && m.period === 'day');
  return (metric?.values ?? []).flatMap((v) =>
    typeof v.value === 'number' && v.end_time ? [{ date: addDays(utcDay(v.end_time), -1), value: v.value }] : [],
  );
}

/**
 * A page's figures: Page Insights (`/{page-id}/insights`, period day) give the follows of each
 * day (`page_daily_follows_unique`) and the page's followers (`page_follows`); likes (all
 * reactions), comments and shares are the page's posts' (`/{page-id}/posts` with reaction and
 * comment summaries and `shares`), counted on the day each post was made. Page token, and
 * `read_insights` with `pages_read_engagement`.
 */
async function facebookInsights(graph: ReturnType<typeof metaGraph>, request: InsightsRequest): Promise<Insights> {
  if (!request.targetToken) throw new PlatformError('facebook', 'rejected', facebookSentences.noPageToken);
  const page = { accessToken: request.targetToken };
  const since = unixDay(request.from);
  const until = unixDay(addDays(request.to, 1));
  // The insights edge's paging walks to other periods: one answer covers the days asked (up to 93).
  const insights = await callPlatform(
    graphInsights,
    graph.url(`${request.targetId}/insights`, {
      metric: 'page_daily_follows_unique,page_follows',
      period: 'day',
      since,
      until,
    }),
    { headers: { authorization: `Bearer ${page.accessToken}` } },
    graph.http,
  );
  const days = new Map<string, InsightsDay>();
  for (const { date, value } of graphDailyValues(insights.body.data, 'page_daily_follows_unique'))
    addToDay(days, date, { followers: value });
  for (const { date, value } of graphDailyValues(insights.body.data, 'page_follows'))
    addToDay(days, date, { totalFollowers: value });
  const summary = z.object({ summary: z.object({ total_count: z.number().optional() }).optional() });
  const posts = await graph.list(
    `${request.targetId}/posts`,
    {
      fields: 'id,created_time,reactions.limit(0).summary(true),comments.limit(0).summary(true),shares',
      since,
      until,
    },
    page,
    z.object({
      created_time: z.string().optional(),
      reactions: summary.optional(),
      comments: summary.optional(),
      shares: z.object({ count: z.number().optional() }).optional(),
    }),
  );
  for (const post of posts) {
    if (!post.created_time) continue;
    addToDay(days, utcDay(post.created_time), {
      likes: post.reactions?.summary?.total_count ?? 0,
      comments: post.comments?.summary?.total_count ?? 0,
      shares: post.shares?.count ?? 0,
    });
  }
  return { days: [...days.values()] };
}

const facebookSentences = {
  video:
    'Publishing videos to a Facebook page is not available yet. Remove the video, or post it on Facebook yourself.',
  noPageToken: 'Facebook did not give us access to the chosen page. Choose the page again on the apps page.',
};

/** How far back a lookup accepts a post as ours: the clocks of the platform and the worker differ. */
const CLOCK_SLACK_MS = 2 * 60_000;

/**
 * A page post: each image uploaded unpublished (`/{page-id}/photos`, published=false), then one
 * `/{page-id}/feed` post with the message and the photos as attached_media. Page calls use the
 * page's own token.
 */
function facebookPublisher(graph: ReturnType<typeof metaGraph>): Publisher {
  const auth = (request: PublishRequest) => {
    if (!request.targetToken) throw new PlatformError('facebook', 'rejected', facebookSentences.noPageToken);
    return { authorization: `Bearer ${request.targetToken}` };
  };
  return {
    comment: graphCommenter({
      url: graph.url,
      http: graph.http,
      auth,
      textField: 'message',
      timeField: 'created_time',
    }),
    check(request) {
      if (request.media.some((m) => m.kind === 'video'))
        throw new PlatformError('facebook', 'rejected', facebookSentences.video, 'video');
    },
    async prepare(request) {
      const uploaded: string[] = [];
      for (const media of request.media) {
        const photo = await callPlatform(
          graphCreated,
          graph.url(`${request.targetId}/photos`),
          { method: 'POST', form: { url: media.url, published: 'false' }, headers: auth(request) },
          graph.http,
        );
        uploaded.push(photo.body.id);
      }
      return { uploaded };
    },
    advance: (_request, progress) => Promise.resolve({ state: 'ready', progress }),
    async create(request, progress) {
      const form: Record<string, string> = { message: request.text };
      (progress.uploaded ?? []).forEach((id, i) => {
        form[`attached_media[${i}]`] = JSON.stringify({ media_fbid: id });
      });
      const created = await callPlatform(
        graphCreated,
        graph.url(`${request.targetId}/feed`),
        { method: 'POST', form, headers: auth(request) },
        graph.http,
      );
      let permalink: string | null = null;
      try {
        const read = await callPlatform(
          z.object({ permalink_url: z.string().optional() }),
          graph.url(created.body.id, { fields: 'permalink_url' }),
          { headers: auth(request) },
          graph.http,
        );
        permalink = read.body.permalink_url ?? null;
      } catch {
        // The post exists; a missing permalink must not make its outcome look unknown.
      }
      return { externalId: created.body.id, permalink };
    },
    async find(request, since) {
      const feed = await callPlatform(
        graphPage(
          z.object({
            id: graphIdValue,
            message: z.string().optional(),
            created_time: z.string().optional(),
            permalink_url: z.string().optional(),
          }),
        ),
        graph.url(`${request.targetId}/feed`, { fields: 'id,message,created_time,permalink_url', limit: '25' }),
        { headers: auth(request) },
        graph.http,
      );
      const match = feed.body.data.find(
        (p) =>
          sameText(p.message, request.text) && Date.parse(p.created_time ?? '') >= since.getTime() - CLOCK_SLACK_MS,
      );
      return match ? { externalId: match.id, permalink: match.permalink_url ?? null } : undefined;
    },
  };
}
