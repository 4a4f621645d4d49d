import { classifyGraphError, type GraphPage } from './meta-graph';
import {
  expiresIn,
  sameText,
  type ClientCredentials,
  type PlatformClient,
  type Publisher,
  type PublishRequest,
  type TokenSet,
} from './platform-client';
import type { PlatformConfig } from './platform-config';
import { PlatformError } from './platform-error';
import { callPlatform, type PlatformHttpOptions } from './platform-http';
import type { SocialPlatform } from '@shared/schemas/integrations';

interface GraphToken {
  access_token: string;
  token_type?: string;
  expires_in?: number;
}

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
      const url = new URL(`${config.facebookWww}/${config.graphVersion}/dialog/oauth`);
      url.searchParams.set('client_id', input.creds.clientId);
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('state', input.state);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', scope);
      if (input.codeChallenge) {
        url.searchParams.set('code_challenge', input.codeChallenge);
        url.searchParams.set('code_challenge_method', 'S256');
      }
      return url.href;
    },

    async exchangeCode(input: {
      creds: ClientCredentials;
      redirectUri: string;
      code: string;
      codeVerifier?: string;
    }): Promise<TokenSet> {
      const short = await callPlatform<GraphToken>(
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
      const long = await callPlatform<GraphToken>(
        api('oauth/access_token', {
          grant_type: 'fb_exchange_token',
          client_id: input.creds.clientId,
          client_secret: input.creds.clientSecret,
          fb_exchange_token: short.body.access_token,
        }),
        {},
        http,
      );
      return { accessToken: long.body.access_token, expiresAt: expiresIn(long.body.expires_in) };
    },

    async me(tokens: TokenSet) {
      const me = await callPlatform<{ id: string | number; name?: string }>(
        api('me', { fields: 'id,name' }),
        { headers: bearer(tokens.accessToken) },
        http,
      );
      return { id: String(me.body.id), name: me.body.name ?? '' };
    },

    /** Every page of a Graph list (at most 10 pages), following `paging.next` on the Graph host only. */
    async list<T>(path: string, query: Record<string, string>, tokens: TokenSet): Promise<T[]> {
      const all: T[] = [];
      let url: URL | undefined = api(path, { limit: '100', ...query });
      for (let page = 0; url && page < 10; page++) {
        const answer: { body: GraphPage<T> } = await callPlatform<GraphPage<T>>(
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

const FACEBOOK_SCOPES = 'pages_show_list,pages_read_engagement,pages_manage_posts';

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
      const pages = await graph.list<{ id: string | number; name: string; access_token?: string }>(
        'me/accounts',
        { fields: 'id,name,access_token' },
        tokens,
      );
      return pages.map((p) => ({ id: String(p.id), name: p.name, accessToken: p.access_token }));
    },
    publisher: facebookPublisher(graph),
  };
}

export const facebookSentences = {
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
    check(request) {
      if (request.media.some((m) => m.kind === 'video'))
        throw new PlatformError('facebook', 'rejected', facebookSentences.video, 'video');
    },
    async prepare(request) {
      const uploaded: string[] = [];
      for (const media of request.media) {
        const photo = await callPlatform<{ id: string }>(
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
      const created = await callPlatform<{ id: string }>(
        graph.url(`${request.targetId}/feed`),
        { method: 'POST', form, headers: auth(request) },
        graph.http,
      );
      let permalink: string | null = null;
      try {
        const read = await callPlatform<{ permalink_url?: string }>(
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
      const feed = await callPlatform<
        GraphPage<{ id: string; message?: string; created_time?: string; permalink_url?: string }>
      >(
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
