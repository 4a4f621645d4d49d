import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createGoogleApisSandbox, type GoogleApisSandboxState } from './google-apis-sandbox';
import { consentPage, type SandboxApp } from './platform-sandbox-pages';
import { sandboxStore, trackedMap } from './sandbox-store';
import { createWordPressSandbox, type WordPressSandboxState } from './wordpress-sandbox';
import { postPage } from './platform-sandbox-post-page';

/**
 * Loopback stand-ins for the social platforms the apps tab connects: Meta's login and Graph API
 * (Facebook pages, Instagram business accounts), Threads' login and API, LinkedIn's OAuth and
 * REST API. The subsets the clients in functions/core/integrations call, with the documented
 * shapes, error shapes and token lifetimes, so those clients run unchanged against it.
 *
 * Paths mirror the real hosts under a prefix: /facebook-www (www.facebook.com), /graph
 * (graph.facebook.com), /threads-www (threads.net), /threads-api (graph.threads.net),
 * /linkedin-www (www.linkedin.com), /linkedin-api (api.linkedin.com).
 *
 * Control (tests and the dev page): POST /__sandbox/fail-next makes the next call under a path
 * fail as a platform would (rate-limit, server-error, timeout, token-expired) or with a given
 * status and body; GET /__sandbox/requests lists what each platform received (WordPress sites and
 * Google's APIs too), secrets blanked.
 */
export interface SandboxClients {
  facebook: { clientId: string; clientSecret: string };
  threads: { clientId: string; clientSecret: string };
  linkedin: { clientId: string; clientSecret: string };
}

export const PLATFORM_SANDBOX_CLIENTS = {
  threads: { clientId: 'sandbox-threads-app', clientSecret: 'sandbox-threads-secret' },
  linkedin: { clientId: 'sandbox-linkedin-client', clientSecret: 'sandbox-linkedin-secret' },
} as const;

/** The fixtures every consent grants: two pages with Instagram accounts, two LinkedIn organisations. */
export const SANDBOX_PAGES = [
  { id: '2000001', name: 'Sandbox Bakery', instagram: { id: '17841400000001', username: 'sandbox.bakery' } },
  { id: '2000002', name: 'Sandbox Bikes', instagram: { id: '17841400000002', username: 'sandbox.bikes' } },
];
export const SANDBOX_ORGANIZATIONS = [
  { id: 4000001, localizedName: 'Sandbox Studio' },
  { id: 4000002, localizedName: 'Sandbox Labs' },
];

/** Meta: short-lived user tokens last about two hours, long-lived ones about 60 days. */
const SHORT_SECONDS = 3600;
const LONG_SECONDS = 5_183_944;
/** LinkedIn: access tokens 60 days, refresh tokens a year. */
const LINKEDIN_ACCESS_SECONDS = 5_184_000;
const LINKEDIN_REFRESH_SECONDS = 31_536_000;
/** Calls per token per hour before the sandbox answers as a rate-limited platform would. */
const CALLS_PER_HOUR = 600;

/** container-error is not an answer: the next container created under the path ends in ERROR. */
type Failure = 'rate-limit' | 'server-error' | 'timeout' | 'token-expired' | 'container-error';
interface FailSpec {
  path: string;
  failure?: Failure;
  status?: number;
  body?: unknown;
  /** Extra answer headers for a given status and body (a 429's Retry-After). */
  headers?: Record<string, string>;
  delayMs?: number;
  /**
   * The call is carried out (the post is created) and only then answered with the failure: the
   * "500 after the platform created the post" that makes a publisher's outcome unknown.
   */
  after?: boolean;
}

interface Container {
  app: 'facebook' | 'threads';
  owner: string;
  status: 'IN_PROGRESS' | 'FINISHED' | 'ERROR';
  polls: number;
  text: string;
  media: string[];
  /** A carousel's item containers. */
  children: string[];
}

export interface SandboxPost {
  platform: 'facebook' | 'instagram' | 'threads' | 'linkedin';
  /** The page, Instagram account, Threads user or LinkedIn author URN it was published as. */
  owner: string;
  id: string;
  text: string;
  media: string[];
  createdAt: number;
  permalinkPath: string;
}

interface Identity {
  app: SandboxApp;
  id: string;
  name: string;
}
interface Grant {
  identity: Identity;
  redirectUri: string;
  clientId: string;
  codeChallenge?: string;
  scope: string;
  expires: number;
}
interface Token {
  identity: Identity;
  kind: 'short' | 'long' | 'page' | 'refresh';
  expires: number;
  pageId?: string;
  calls: { window: number; count: number };
}

export interface SandboxRequestLog {
  at: string;
  platform: string;
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

const SECRET_PARAMS = new Set([
  'access_token',
  'client_secret',
  'code',
  'fb_exchange_token',
  'code_verifier',
  'refresh_token',
  'input_token',
]);

/** Answers that must turn into a failure once the call has been carried out (FailSpec.after). */
const failAfter = new WeakMap<ServerResponse, () => ServerResponse | undefined>();
/** Body fields worth showing on the dev page (what a publish call carried), secrets left out. */
const noted = new WeakMap<ServerResponse, Record<string, string>>();
const note = (res: ServerResponse, fields: Record<string, string | undefined | null>) =>
  noted.set(
    res,
    Object.fromEntries(
      Object.entries(fields).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, v.slice(0, 200)]])),
    ),
  );

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const fail = failAfter.get(res);
  if (fail && status < 300) {
    failAfter.delete(res);
    return fail();
  }
  return res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    .end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const newToken = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
const stableId = (seed: string, digits: number) =>
  BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 12)}`)
    .toString()
    .padStart(digits, '7')
    .slice(0, digits);

/** Which platform a path belongs to, by its host prefix (WordPress sites live at the root). */
function platformOf(path: string): 'meta' | 'threads' | 'linkedin' | 'wordpress' | 'google' | undefined {
  if (path.startsWith('/facebook-www/') || path.startsWith('/graph/')) return 'meta';
  if (path.startsWith('/threads-www/') || path.startsWith('/threads-api/')) return 'threads';
  if (path.startsWith('/linkedin-www/') || path.startsWith('/linkedin-api/')) return 'linkedin';
  if (path.startsWith('/wp-json/') || path.startsWith('/wpcom/') || path.startsWith('/wp-admin/')) return 'wordpress';
  if (path.startsWith('/google-')) return 'google';
  return undefined;
}

/** Graph's error shape (Meta and Threads). */
const graphError = (
  res: ServerResponse,
  status: number,
  message: string,
  code: number,
  subcode?: number,
  headers = {},
) =>
  json(
    res,
    status,
    {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(subcode ? { error_subcode: subcode } : {}),
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
    headers,
  );
/** LinkedIn REST's error shape. */
const linkedinError = (res: ServerResponse, status: number, code: string, message: string, serviceErrorCode?: number) =>
  json(res, status, { status, code, message, ...(serviceErrorCode ? { serviceErrorCode } : {}) });
/** LinkedIn OAuth endpoints' error shape. */
const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
  json(res, status, { error, error_description: description });

/** A failure on demand, answered the way the platform owning `path` documents it. */
function answerFailure(res: ServerResponse, path: string, failure: Failure) {
  const platform = platformOf(path);
  const oauthEndpoint = path.includes('/oauth/');
  switch (failure) {
    case 'rate-limit':
      if (platform === 'linkedin') {
        res.setHeader('retry-after', '120');
        return linkedinError(
          res,
          429,
          'TOO_MANY_REQUESTS',
          'Resource level throttle limit for calls to this resource is reached.',
        );
      }
      return graphError(res, 400, '(#4) Application request limit reached', 4, undefined, {
        'x-business-use-case-usage': JSON.stringify({
          '2000001': [
            { type: 'pages', call_count: 100, total_cputime: 30, total_time: 40, estimated_time_to_regain_access: 12 },
          ],
        }),
      });
    case 'server-error':
      if (platform === 'linkedin') return linkedinError(res, 500, 'INTERNAL_SERVER_ERROR', 'Internal Server Error');
      return graphError(res, 500, 'An unknown error has occurred.', 1);
    case 'token-expired':
      if (platform === 'linkedin') {
        return oauthEndpoint
          ? oauthError(
              res,
              400,
              'invalid_grant',
              'The provided authorization grant or refresh token is invalid, expired or revoked.',
            )
          : linkedinError(res, 401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65601);
      }
      return graphError(res, 400, 'Error validating access token: Session has expired.', 190, 463);
    case 'timeout':
    case 'container-error':
      return undefined;
  }
}

export interface PlatformSandbox {
  origin: string;
  stop(): Promise<void>;
}

/** What the platform sandbox keeps across restarts (sandbox-store.ts): a real platform forgets none of it. */
interface PlatformSandboxState {
  /** The port it listened on, taken again after a restart so stored permalinks still open. */
  port: number;
  grants: [string, Grant][];
  tokens: [string, Token][];
  containers: [string, Container][];
  posts: SandboxPost[];
  unpublishedPhotos: [string, { pageId: string; url: string }][];
  images: [string, { owner: string; bytes: number }][];
  published: [string, number[]][];
  received: SandboxRequestLog[];
  wordpress?: WordPressSandboxState;
  google?: GoogleApisSandboxState;
}

const emptyPlatformState = (): PlatformSandboxState => ({
  port: 0,
  grants: [],
  tokens: [],
  containers: [],
  posts: [],
  unpublishedPhotos: [],
  images: [],
  published: [],
  received: [],
});

export async function startPlatformSandbox(options: {
  allowedRedirectOrigins: string[];
  clients: SandboxClients;
  /** Where its state is kept (DATA_DIR); without it, it starts empty and forgets on stop. */
  stateFile?: string;
}): Promise<PlatformSandbox> {
  const { clients, allowedRedirectOrigins } = options;
  const store = sandboxStore(options.stateFile, emptyPlatformState);
  const saved = store.load();
  // Saved before the answer that changed it leaves (see the server below), so nothing a caller
  // was told is forgotten by a crash.
  let dirty = false;
  const changed = () => {
    dirty = true;
  };
  const grants = trackedMap(saved.grants, changed);
  const tokens = trackedMap(saved.tokens, changed);
  const failures: FailSpec[] = [];
  const received: SandboxRequestLog[] = saved.received;
  /** Instagram and Threads media containers: created, polled until FINISHED (or ERROR), then published. */
  const containers = trackedMap(saved.containers, changed);
  /** What was published, newest last: the lookups after an unknown outcome and the dev page read it. */
  const posts: SandboxPost[] = saved.posts;
  /** Facebook photos uploaded with published=false, waiting to be attached to a feed post. */
  const unpublishedPhotos = trackedMap(saved.unpublishedPhotos, changed);
  /** LinkedIn images: initialized, then their bytes PUT to the upload URL. */
  const images = trackedMap(saved.images, changed);
  const published = trackedMap(saved.published, changed);
  let port = saved.port;
  const flush = () => {
    if (!dirty) return;
    dirty = false;
    store.save({
      port,
      grants: [...grants],
      tokens: [...tokens],
      containers: [...containers],
      posts,
      unpublishedPhotos: [...unpublishedPhotos],
      images: [...images],
      published: [...published],
      received,
      wordpress: wordpress.state(),
      google: googleApis.state(),
    });
  };
  const takeContainerError = (path: string) => {
    const at = failures.findIndex((f) => f.failure === 'container-error' && path === f.path);
    return at >= 0 ? !!failures.splice(at, 1).length : false;
  };
  const newContainer = (
    app: 'facebook' | 'threads',
    owner: string,
    video: boolean,
    path: string,
    content: { text?: string; media?: string[]; children?: string[] } = {},
  ) => {
    const id = stableId(randomBytes(8).toString('hex'), 17);
    const status = takeContainerError(path) ? 'ERROR' : video ? 'IN_PROGRESS' : 'FINISHED';
    containers.set(id, {
      app,
      owner,
      status,
      polls: 0,
      text: content.text ?? '',
      media: content.media ?? [],
      children: content.children ?? [],
    });
    return id;
  };
  /** Keeps a published post and gives it a permalink the sandbox itself serves (a page showing it). */
  const addPost = (platform: SandboxPost['platform'], owner: string, id: string, text: string, media: string[]) => {
    const slug = randomBytes(6).toString('base64url');
    const permalinkPath = {
      facebook: `/facebook-www/${owner}/posts/${id.split('_')[1] ?? id}`,
      instagram: `/instagram-www/p/${slug}/`,
      threads: `/threads-www/@${owner}/post/${slug}`,
      linkedin: `/linkedin-www/feed/update/${id}/`,
    }[platform];
    const post: SandboxPost = { platform, owner, id, text, media, createdAt: Date.now(), permalinkPath };
    posts.push(post);
    changed();
    return post;
  };
  const permalink = (post: SandboxPost) => `${origin}${post.permalinkPath}`;
  const postsOf = (platform: SandboxPost['platform'], owner: string) =>
    posts.filter((p) => p.platform === platform && p.owner === owner).reverse();
  const postById = (platform: SandboxPost['platform'], id: string) =>
    posts.find((p) => p.platform === platform && p.id === id);
  /** Graph's `fields` selection over an object. */
  const pick = (object: Record<string, unknown>, fields: string | null, fallback = 'id') =>
    Object.fromEntries((fields ?? fallback).split(',').flatMap((f) => (f in object ? [[f, object[f]]] : [])));
  /** A container's status as a poll sees it: a video finishes on its second poll. */
  const poll = (id: string) => {
    const container = containers.get(id);
    if (!container) return undefined;
    if (container.status === 'IN_PROGRESS' && ++container.polls >= 2) container.status = 'FINISHED';
    return container;
  };
  /** Publishes within a rolling 24-hour quota per account (Instagram 100, Threads 250). */
  const publish = (owner: string, limit: number) => {
    const day = Date.now() - 24 * 3600_000;
    const recent = (published.get(owner) ?? []).filter((t) => t > day);
    if (recent.length >= limit) return undefined;
    published.set(owner, [...recent, Date.now()]);
    return stableId(randomBytes(8).toString('hex'), 17);
  };
  let origin = '';

  const redirectAllowed = (uri: string) => allowedRedirectOrigins.some((o) => uri.startsWith(`${o}/`));
  const issue = (identity: Identity, kind: Token['kind'], seconds: number, pageId?: string) => {
    const prefix = identity.app === 'linkedin' ? 'AQV' : identity.app === 'threads' ? 'THQ' : 'EAAB';
    const value = newToken(kind === 'refresh' ? 'AQX' : prefix);
    tokens.set(value, { identity, kind, expires: Date.now() + seconds * 1000, pageId, calls: { window: 0, count: 0 } });
    return value;
  };
  const bearerOf = (req: IncomingMessage, url: URL) =>
    (req.headers.authorization ?? '').replace(/^(Bearer|OAuth) /i, '') || url.searchParams.get('access_token') || '';

  /** The token a call carries, or undefined after answering the platform's error for it. */
  function authorize(req: IncomingMessage, res: ServerResponse, url: URL, app: SandboxApp): Token | undefined {
    const token = tokens.get(bearerOf(req, url));
    const linkedin = app === 'linkedin';
    if (!token || token.identity.app !== app || token.kind === 'refresh') {
      if (linkedin) linkedinError(res, 401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600);
      else graphError(res, 400, 'Invalid OAuth access token - Cannot parse access token', 190);
      return undefined;
    }
    if (token.expires <= Date.now()) {
      if (linkedin) linkedinError(res, 401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65601);
      else graphError(res, 400, 'Error validating access token: Session has expired.', 190, 463);
      return undefined;
    }
    const window = Math.floor(Date.now() / 3600_000);
    if (token.calls.window !== window) token.calls = { window, count: 0 };
    if (++token.calls.count > CALLS_PER_HOUR) {
      if (linkedin) {
        res.setHeader('retry-after', '3600');
        linkedinError(res, 429, 'TOO_MANY_REQUESTS', 'Member level throttle limit reached.');
      } else graphError(res, 400, '(#17) User request limit reached', 17);
      return undefined;
    }
    return token;
  }

  const consentPaths: Record<string, SandboxApp> = {
    '/threads-www/oauth/authorize': 'threads',
    '/linkedin-www/oauth/v2/authorization': 'linkedin',
  };
  const consentApp = (path: string): SandboxApp | undefined =>
    /^\/facebook-www\/v[\d.]+\/dialog\/oauth$/.test(path) ? 'facebook' : consentPaths[path];

  const wordpress = createWordPressSandbox({ origin: () => origin, redirectAllowed, saved: saved.wordpress, changed });
  const googleApis = createGoogleApisSandbox({ origin: () => origin, redirectAllowed, saved: saved.google, changed });

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (method === 'POST' && path === '/__sandbox/fail-next') {
      failures.push(JSON.parse(await readBody(req)) as FailSpec);
      return res.writeHead(204).end();
    }
    if (method === 'GET' && path === '/__sandbox/requests')
      return json(res, 200, { requests: [...received].reverse() });
    if (method === 'GET' && path === '/__sandbox/posts')
      return json(res, 200, { posts: [...posts].reverse().map((p) => ({ ...p, permalink: permalink(p) })) });
    const shown = method === 'GET' ? posts.find((p) => p.permalinkPath === path) : undefined;
    if (shown) {
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(postPage(shown.platform, shown.owner, shown.text, new Date(shown.createdAt).toISOString()));
    }

    const platform = platformOf(path);
    if (platform) {
      res.on('finish', () => {
        const query = Object.fromEntries(
          [...url.searchParams].map(([k, v]) => [k, SECRET_PARAMS.has(k) ? '(hidden)' : v.slice(0, 200)]),
        );
        Object.assign(query, noted.get(res));
        received.push({ at: new Date().toISOString(), platform, method, path, query, status: res.statusCode });
        if (received.length > 200) received.shift();
      });
    }
    const failureAt = failures.findIndex(
      (f) => f.failure !== 'container-error' && (path === f.path || path.startsWith(`${f.path}/`)),
    );
    if (failureAt >= 0) {
      const [spec] = failures.splice(failureAt, 1);
      if (spec?.after) {
        failAfter.set(res, () =>
          spec.failure
            ? answerFailure(res, path, spec.failure)
            : json(res, spec.status ?? 500, spec.body ?? {}, spec.headers),
        );
      } else if (spec?.failure === 'timeout' || spec?.delayMs) {
        await new Promise((r) => setTimeout(r, spec.delayMs ?? 30_000));
        if (spec.failure === 'timeout') return res.writeHead(504).end();
      } else if (spec?.failure) {
        return answerFailure(res, path, spec.failure);
      } else if (spec) {
        return json(res, spec.status ?? 500, spec.body ?? {}, spec.headers);
      }
    }

    // WordPress (at the root: a site is its root address) and Google's APIs, each in its own module.
    if ((await wordpress.answer(req, res, url)) || (await googleApis.answer(req, res, url))) return;

    // Consent pages and their approval.
    const app = consentApp(path);
    if (method === 'GET' && app) {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clients[app].clientId) {
        return res.writeHead(400, { 'content-type': 'text/html' }).end('<h1>Invalid App ID</h1>');
      }
      if (!redirectAllowed(redirectUri)) {
        return res
          .writeHead(400, { 'content-type': 'text/html' })
          .end(
            "<h1>URL blocked</h1><p>This redirect failed because the redirect URI is not whitelisted in the app's settings.</p>",
          );
      }
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(consentPage(app, url.searchParams, `${origin}/__sandbox/approve/${app}`));
    }
    const approving = /^\/__sandbox\/approve\/(facebook|threads|linkedin)$/.exec(path)?.[1] as SandboxApp | undefined;
    if (method === 'POST' && approving) {
      const form = new URLSearchParams(await readBody(req));
      const redirectUri = form.get('redirect_uri') ?? '';
      if (!redirectAllowed(redirectUri)) return json(res, 400, { error: 'redirect_uri_mismatch' });
      const target = new URL(redirectUri);
      if (form.get('decision') !== 'allow') {
        if (approving === 'linkedin') {
          target.searchParams.set('error', 'user_cancelled_authorize');
          target.searchParams.set('error_description', 'The user cancelled the authorization');
        } else {
          target.searchParams.set('error', 'access_denied');
          target.searchParams.set('error_reason', 'user_denied');
          target.searchParams.set('error_description', 'Permissions error');
        }
      } else {
        const name = (form.get('name') ?? '').trim() || 'Sandy Box';
        const code = randomBytes(16).toString('base64url');
        grants.set(code, {
          identity: { app: approving, name, id: stableId(`${approving}:${name}`, approving === 'linkedin' ? 10 : 16) },
          redirectUri,
          clientId: form.get('client_id') ?? '',
          codeChallenge: form.get('code_challenge') || undefined,
          scope: form.get('scope') ?? '',
          expires: Date.now() + 10 * 60_000,
        });
        target.searchParams.set('code', code);
      }
      target.searchParams.set('state', form.get('state') ?? '');
      return res.writeHead(302, { location: target.href }).end();
    }

    /** A single-use code for this app, client and redirect URI (and PKCE verifier, when a challenge was sent). */
    const redeem = (app: SandboxApp, code: string, clientId: string, redirectUri: string, verifier?: string | null) => {
      const grant = grants.get(code);
      grants.delete(code);
      if (!grant || grant.identity.app !== app || grant.expires < Date.now() || grant.clientId !== clientId)
        return undefined;
      if (grant.redirectUri !== redirectUri) return undefined;
      if (grant.codeChallenge) {
        const expected = createHash('sha256')
          .update(verifier ?? '')
          .digest('base64url');
        if (expected !== grant.codeChallenge) return undefined;
      }
      return grant;
    };

    // Meta Graph.
    const graph = /^\/graph\/(v[\d.]+)\/(.+)$/.exec(path);
    if (graph) {
      const rest = graph[2] ?? '';
      const q = url.searchParams;
      if (rest === 'oauth/access_token' && method === 'GET') {
        if (
          q.get('client_id') !== clients.facebook.clientId ||
          q.get('client_secret') !== clients.facebook.clientSecret
        ) {
          return graphError(res, 400, 'Error validating client secret.', 1);
        }
        if (q.get('grant_type') === 'fb_exchange_token') {
          const short = tokens.get(q.get('fb_exchange_token') ?? '');
          if (!short || short.identity.app !== 'facebook' || short.expires <= Date.now()) {
            return graphError(res, 400, 'Error validating access token: Session has expired.', 190, 463);
          }
          return json(res, 200, {
            access_token: issue(short.identity, 'long', LONG_SECONDS),
            token_type: 'bearer',
            expires_in: LONG_SECONDS,
          });
        }
        const grant = redeem(
          'facebook',
          q.get('code') ?? '',
          q.get('client_id') ?? '',
          q.get('redirect_uri') ?? '',
          q.get('code_verifier'),
        );
        if (!grant) {
          return graphError(
            res,
            400,
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
            100,
            36008,
          );
        }
        return json(res, 200, {
          access_token: issue(grant.identity, 'short', SHORT_SECONDS),
          token_type: 'bearer',
          expires_in: SHORT_SECONDS,
        });
      }
      const token = authorize(req, res, url, 'facebook');
      if (!token) return;
      const fields = (q.get('fields') ?? 'id,name').split(',');
      if (rest === 'me' && method === 'GET') {
        const me: Record<string, string> = { id: token.identity.id, name: token.identity.name };
        return json(res, 200, Object.fromEntries(fields.filter((f) => f in me).map((f) => [f, me[f]])));
      }
      if (rest === 'me/accounts' && method === 'GET') {
        const limit = Math.max(1, Math.min(100, Number(q.get('limit') ?? 25)));
        const after = Number(q.get('after') ?? 0);
        const slice = SANDBOX_PAGES.slice(after, after + limit);
        const withIg = (q.get('fields') ?? '').includes('instagram_business_account');
        const data = slice.map((page) => ({
          id: page.id,
          name: page.name,
          ...(fields.includes('access_token')
            ? { access_token: issue(token.identity, 'page', LONG_SECONDS, page.id) }
            : {}),
          ...(withIg
            ? {
                instagram_business_account: {
                  id: page.instagram.id,
                  username: page.instagram.username,
                  name: page.name,
                },
              }
            : {}),
        }));
        const next = after + limit < SANDBOX_PAGES.length ? new URL(url.pathname, origin) : undefined;
        if (next) {
          for (const [k, v] of q) if (k !== 'after') next.searchParams.set(k, v);
          next.searchParams.set('after', String(after + limit));
        }
        return json(res, 200, {
          data,
          paging: {
            cursors: { before: String(after), after: String(after + limit) },
            ...(next ? { next: next.href } : {}),
          },
        });
      }
      const form = method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
      const param = (name: string) => q.get(name) ?? form.get(name);
      const igAccount = /^(\d+)\/(media|media_publish|content_publishing_limit)$/.exec(rest);
      if (igAccount) {
        const [, igId = '', action] = igAccount;
        if (!SANDBOX_PAGES.some((p) => p.instagram.id === igId)) {
          return graphError(res, 400, `Unsupported request - Object with ID '${igId}' does not exist`, 100, 33);
        }
        if (action === 'media' && method === 'POST') {
          const video = !!param('video_url');
          const carousel = param('media_type') === 'CAROUSEL';
          if (!param('image_url') && !video && !carousel) {
            return graphError(res, 400, 'The parameter image_url is required', 100);
          }
          if ((param('caption') ?? '').length > 2200)
            return graphError(res, 400, 'The caption is too long', 100, 2207010);
          const children = carousel ? (param('children') ?? '').split(',').filter(Boolean) : [];
          if (carousel && (children.length < 2 || children.length > 10)) {
            return graphError(res, 400, 'The carousel must have between 2 and 10 items', 100, 2207004);
          }
          if (children.some((c) => containers.get(c)?.owner !== igId)) {
            return graphError(res, 400, 'Media ID is not available', 9007, 2207027);
          }
          note(res, { caption: param('caption'), image_url: param('image_url') ?? param('video_url') });
          const media = carousel
            ? children.flatMap((c) => containers.get(c)?.media ?? [])
            : [param('image_url') ?? param('video_url') ?? ''];
          return json(res, 200, {
            id: newContainer('facebook', igId, video, path, { text: param('caption') ?? '', media, children }),
          });
        }
        if (action === 'media_publish' && method === 'POST') {
          const container = containers.get(param('creation_id') ?? '');
          if (container?.owner !== igId || container.status !== 'FINISHED') {
            return graphError(res, 400, 'Media ID is not available', 9007, 2207027);
          }
          const id = publish(igId, 100);
          if (!id) return graphError(res, 400, 'The account has reached its publishing limit', 9, 2207042);
          containers.delete(param('creation_id') ?? '');
          note(res, { caption: container.text });
          addPost('instagram', igId, id, container.text, container.media);
          return json(res, 200, { id });
        }
        if (action === 'media' && method === 'GET') {
          const limit = Math.max(1, Math.min(100, Number(q.get('limit') ?? 25)));
          const data = postsOf('instagram', igId)
            .slice(0, limit)
            .map((p) =>
              pick(
                {
                  id: p.id,
                  caption: p.text,
                  timestamp: new Date(p.createdAt).toISOString(),
                  permalink: permalink(p),
                },
                q.get('fields'),
              ),
            );
          return json(res, 200, { data, paging: { cursors: { before: '0', after: String(data.length) } } });
        }
        if (action === 'content_publishing_limit' && method === 'GET') {
          const used = (published.get(igId) ?? []).filter((t) => t > Date.now() - 24 * 3600_000).length;
          return json(res, 200, { data: [{ quota_usage: used, config: { quota_total: 100, quota_duration: 86400 } }] });
        }
      }
      const pageEdge = /^(\d+)\/(feed|photos)$/.exec(rest);
      if (pageEdge) {
        const [, pageId = '', edge] = pageEdge;
        if (!SANDBOX_PAGES.some((p) => p.id === pageId)) {
          return graphError(res, 400, `Unsupported request - Object with ID '${pageId}' does not exist`, 100, 33);
        }
        // A page is published to with its own page token (from me/accounts), not the user's.
        if (token.kind !== 'page' || token.pageId !== pageId) {
          return graphError(
            res,
            403,
            '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts permission as an admin',
            200,
          );
        }
        if (edge === 'feed' && method === 'GET') {
          const limit = Math.max(1, Math.min(100, Number(q.get('limit') ?? 25)));
          const data = postsOf('facebook', pageId)
            .slice(0, limit)
            .map((p) =>
              pick(
                {
                  id: p.id,
                  message: p.text,
                  created_time: new Date(p.createdAt).toISOString().replace(/\.\d+Z$/, '+0000'),
                  permalink_url: permalink(p),
                },
                q.get('fields'),
              ),
            );
          return json(res, 200, { data, paging: { cursors: { before: '0', after: String(data.length) } } });
        }
        if (edge === 'photos' && method === 'POST') {
          const photoUrl = param('url');
          if (!photoUrl) return graphError(res, 400, '(#324) Requires upload file', 324);
          const photoId = stableId(randomBytes(8).toString('hex'), 16);
          note(res, { url: photoUrl, published: param('published'), message: param('message') ?? param('caption') });
          if (param('published') === 'false') {
            unpublishedPhotos.set(photoId, { pageId, url: photoUrl });
            return json(res, 200, { id: photoId });
          }
          const post = addPost(
            'facebook',
            pageId,
            `${pageId}_${stableId(randomBytes(8).toString('hex'), 16)}`,
            param('message') ?? param('caption') ?? '',
            [photoUrl],
          );
          return json(res, 200, { id: photoId, post_id: post.id });
        }
        if (edge === 'feed' && method === 'POST') {
          const attached: string[] = [];
          for (let i = 0; form.has(`attached_media[${i}]`); i++) {
            const fbid = (JSON.parse(form.get(`attached_media[${i}]`) ?? '{}') as { media_fbid?: string }).media_fbid;
            const photo = unpublishedPhotos.get(fbid ?? '');
            if (photo?.pageId !== pageId) return graphError(res, 400, '(#100) Invalid attached_media', 100);
            attached.push(photo.url);
          }
          const message = param('message') ?? '';
          if (!message && !param('link') && !attached.length) {
            return graphError(res, 400, '(#100) Missing message or attachment', 100);
          }
          note(res, { message, link: param('link'), attached: attached.length ? String(attached.length) : undefined });
          const post = addPost(
            'facebook',
            pageId,
            `${pageId}_${stableId(randomBytes(8).toString('hex'), 16)}`,
            message,
            [...attached],
          );
          return json(res, 200, { id: post.id });
        }
      }
      const fbPost = method === 'GET' ? (postById('facebook', rest) ?? postById('instagram', rest)) : undefined;
      if (fbPost) {
        return json(
          res,
          200,
          pick(
            {
              id: fbPost.id,
              message: fbPost.text,
              caption: fbPost.text,
              permalink_url: permalink(fbPost),
              permalink: permalink(fbPost),
              timestamp: new Date(fbPost.createdAt).toISOString(),
            },
            q.get('fields'),
          ),
        );
      }
      const container = /^\d+$/.test(rest) && method === 'GET' ? poll(rest) : undefined;
      if (container?.app === 'facebook') {
        return json(res, 200, {
          status_code: container.status,
          id: rest,
          ...(container.status === 'ERROR' ? { status: 'Error: Media upload has failed with error code 2207026' } : {}),
        });
      }
      return graphError(res, 400, `Unknown path components: /${rest}`, 2500);
    }

    // Threads.
    if (path === '/threads-api/oauth/access_token' && method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      if (
        form.get('client_id') !== clients.threads.clientId ||
        form.get('client_secret') !== clients.threads.clientSecret
      ) {
        return graphError(res, 400, 'Error validating client secret.', 1);
      }
      if (form.get('grant_type') !== 'authorization_code') return graphError(res, 400, 'Unsupported grant_type', 100);
      const grant = redeem(
        'threads',
        form.get('code') ?? '',
        form.get('client_id') ?? '',
        form.get('redirect_uri') ?? '',
      );
      if (!grant) return graphError(res, 400, 'Invalid verification code format.', 100);
      return json(res, 200, {
        access_token: issue(grant.identity, 'short', SHORT_SECONDS),
        user_id: grant.identity.id,
      });
    }
    if (path === '/threads-api/access_token' && method === 'GET') {
      if (url.searchParams.get('grant_type') !== 'th_exchange_token')
        return graphError(res, 400, 'Unsupported grant_type', 100);
      if (url.searchParams.get('client_secret') !== clients.threads.clientSecret) {
        return graphError(res, 400, 'Error validating client secret.', 1);
      }
      const short = authorize(req, res, url, 'threads');
      if (!short) return;
      return json(res, 200, {
        access_token: issue(short.identity, 'long', LONG_SECONDS),
        token_type: 'bearer',
        expires_in: LONG_SECONDS,
      });
    }
    if (path === '/threads-api/refresh_access_token' && method === 'GET') {
      if (url.searchParams.get('grant_type') !== 'th_refresh_token')
        return graphError(res, 400, 'Unsupported grant_type', 100);
      const long = authorize(req, res, url, 'threads');
      if (!long) return;
      if (long.kind !== 'long') return graphError(res, 400, 'Only long-lived tokens can be refreshed.', 190);
      return json(res, 200, {
        access_token: issue(long.identity, 'long', LONG_SECONDS),
        token_type: 'bearer',
        expires_in: LONG_SECONDS,
      });
    }
    const threadsPath = /^\/threads-api\/v[\d.]+\/(\d+)(?:\/(threads|threads_publish))?$/.exec(path);
    if (threadsPath) {
      const token = authorize(req, res, url, 'threads');
      if (!token) return;
      const [, id = '', action] = threadsPath;
      const form = method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
      const param = (name: string) => url.searchParams.get(name) ?? form.get(name);
      const thread = !action && method === 'GET' ? postById('threads', id) : undefined;
      if (thread) {
        return json(
          res,
          200,
          pick(
            {
              id,
              text: thread.text,
              permalink: permalink(thread),
              timestamp: new Date(thread.createdAt).toISOString(),
            },
            param('fields'),
          ),
        );
      }
      if (!action && method === 'GET') {
        const container = poll(id);
        if (container?.app !== 'threads') return graphError(res, 400, 'Object does not exist', 100, 33);
        return json(res, 200, {
          id,
          status: container.status,
          ...(container.status === 'ERROR' ? { error_message: 'FAILED_PROCESSING_IMAGE' } : {}),
        });
      }
      if (id !== token.identity.id) return graphError(res, 400, 'Object does not exist', 100, 33);
      if (action === 'threads' && method === 'POST') {
        const type = param('media_type') ?? 'TEXT';
        if (!['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL'].includes(type))
          return graphError(res, 400, 'Invalid media_type', 100);
        if (Buffer.byteLength(param('text') ?? '') > 500) return graphError(res, 400, 'The text is too long', 100);
        if (type === 'IMAGE' && !param('image_url'))
          return graphError(res, 400, 'The parameter image_url is required', 100);
        const children = type === 'CAROUSEL' ? (param('children') ?? '').split(',').filter(Boolean) : [];
        if (type === 'CAROUSEL' && (children.length < 2 || children.length > 20))
          return graphError(res, 400, 'A carousel must have between 2 and 20 items', 100);
        if (children.some((c) => containers.get(c)?.owner !== id))
          return graphError(res, 400, 'Object does not exist', 100, 33);
        const media =
          type === 'CAROUSEL'
            ? children.flatMap((c) => containers.get(c)?.media ?? [])
            : [param('image_url') ?? param('video_url') ?? ''].filter(Boolean);
        note(res, { media_type: type, text: param('text'), image_url: param('image_url') });
        return json(res, 200, {
          id: newContainer('threads', id, type === 'VIDEO', path, { text: param('text') ?? '', media, children }),
        });
      }
      if (action === 'threads' && method === 'GET') {
        const limit = Math.max(1, Math.min(100, Number(param('limit') ?? 25)));
        const data = postsOf('threads', id)
          .slice(0, limit)
          .map((p) =>
            pick(
              { id: p.id, text: p.text, permalink: permalink(p), timestamp: new Date(p.createdAt).toISOString() },
              param('fields'),
            ),
          );
        return json(res, 200, { data, paging: { cursors: { before: '0', after: String(data.length) } } });
      }
      if (action === 'threads_publish' && method === 'POST') {
        const container = containers.get(param('creation_id') ?? '');
        if (container?.owner !== id || container.status !== 'FINISHED') {
          return graphError(res, 400, 'The media is not ready to be published', 24, 4279009);
        }
        const published = publish(id, 250);
        if (!published) return graphError(res, 400, 'The account has reached its publishing limit', 9, 2207042);
        containers.delete(param('creation_id') ?? '');
        note(res, { text: container.text });
        addPost('threads', id, published, container.text, container.media);
        return json(res, 200, { id: published });
      }
    }
    const threadsMe = /^\/threads-api\/v[\d.]+\/me$/.test(path);
    if (threadsMe && method === 'GET') {
      const token = authorize(req, res, url, 'threads');
      if (!token) return;
      const username = token.identity.name.toLowerCase().replace(/[^a-z0-9]+/g, '.');
      const me: Record<string, string> = { id: token.identity.id, username, name: token.identity.name };
      const fields = (url.searchParams.get('fields') ?? 'id').split(',');
      return json(res, 200, Object.fromEntries(fields.filter((f) => f in me).map((f) => [f, me[f]])));
    }

    // LinkedIn.
    if (path === '/linkedin-www/oauth/v2/accessToken' && method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      if (
        form.get('client_id') !== clients.linkedin.clientId ||
        form.get('client_secret') !== clients.linkedin.clientSecret
      ) {
        return oauthError(res, 401, 'invalid_client', 'Client authentication failed');
      }
      const grantType = form.get('grant_type');
      let identity: Identity | undefined;
      if (grantType === 'authorization_code') {
        identity = redeem(
          'linkedin',
          form.get('code') ?? '',
          form.get('client_id') ?? '',
          form.get('redirect_uri') ?? '',
        )?.identity;
      } else if (grantType === 'refresh_token') {
        const refresh = tokens.get(form.get('refresh_token') ?? '');
        if (refresh?.kind === 'refresh' && refresh.expires > Date.now() && refresh.identity.app === 'linkedin')
          identity = refresh.identity;
      } else {
        return oauthError(res, 400, 'unsupported_grant_type', 'The grant type is not supported');
      }
      if (!identity) {
        return oauthError(
          res,
          400,
          'invalid_grant',
          'The provided authorization grant or refresh token is invalid, expired or revoked.',
        );
      }
      return json(res, 200, {
        access_token: issue(identity, 'long', LINKEDIN_ACCESS_SECONDS),
        expires_in: LINKEDIN_ACCESS_SECONDS,
        refresh_token: issue(identity, 'refresh', LINKEDIN_REFRESH_SECONDS),
        refresh_token_expires_in: LINKEDIN_REFRESH_SECONDS,
        scope: 'openid,profile,w_member_social,r_organization_admin,w_organization_social',
      });
    }
    if (path === '/linkedin-api/v2/userinfo' && method === 'GET') {
      const token = authorize(req, res, url, 'linkedin');
      if (!token) return;
      const [given = '', ...family] = token.identity.name.split(' ');
      return json(res, 200, {
        sub: token.identity.id,
        name: token.identity.name,
        given_name: given,
        family_name: family.join(' '),
      });
    }
    const upload = /^\/linkedin-www\/dms-uploads\/(\w+)$/.exec(path)?.[1];
    if (upload && method === 'PUT') {
      const token = authorize(req, res, url, 'linkedin');
      if (!token) return;
      const image = images.get(upload);
      if (!image) return linkedinError(res, 404, 'NOT_FOUND', 'Upload not found');
      image.bytes = Buffer.byteLength(await readBody(req), 'latin1');
      return res.writeHead(201).end();
    }
    if (path.startsWith('/linkedin-api/rest/')) {
      const version = req.headers['linkedin-version'];
      if (typeof version !== 'string' || !/^\d{6}$/.test(version)) {
        return linkedinError(
          res,
          400,
          'VERSION_MISSING',
          'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
        );
      }
      if (version < '202401')
        return linkedinError(res, 426, 'NONEXISTENT_VERSION', `Requested version ${version} is not active`);
      const token = authorize(req, res, url, 'linkedin');
      if (!token) return;
      const mayAuthor = (urn: string) =>
        urn === `urn:li:person:${token.identity.id}` ||
        SANDBOX_ORGANIZATIONS.some((o) => urn === `urn:li:organization:${o.id}`);
      if (path === '/linkedin-api/rest/images' && method === 'POST') {
        if (url.searchParams.get('action') !== 'initializeUpload')
          return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Unsupported action');
        const body = JSON.parse((await readBody(req)) || '{}') as { initializeUploadRequest?: { owner?: string } };
        const owner = body.initializeUploadRequest?.owner ?? '';
        if (!mayAuthor(owner))
          return linkedinError(res, 403, 'ACCESS_DENIED', `Not enough permissions to act as ${owner}`);
        const id = `D4${randomBytes(8).toString('hex')}`;
        images.set(id, { owner, bytes: 0 });
        return json(res, 200, {
          value: {
            uploadUrlExpiresAt: Date.now() + 3600_000,
            uploadUrl: `${origin}/linkedin-www/dms-uploads/${id}`,
            image: `urn:li:image:${id}`,
          },
        });
      }
      if (path === '/linkedin-api/rest/posts' && method === 'POST') {
        const body = JSON.parse((await readBody(req)) || '{}') as {
          author?: string;
          commentary?: string;
          lifecycleState?: string;
          content?: { media?: { id?: string }; multiImage?: { images?: { id?: string }[] } };
        };
        const author = body.author ?? '';
        if (!mayAuthor(author))
          return linkedinError(res, 403, 'ACCESS_DENIED', `Not enough permissions to post as ${author}`);
        if (body.lifecycleState !== 'PUBLISHED')
          return linkedinError(res, 422, 'UNPROCESSABLE_ENTITY', 'lifecycleState must be PUBLISHED');
        const commentary = body.commentary ?? '';
        if (commentary.length > 3000)
          return linkedinError(res, 422, 'UNPROCESSABLE_ENTITY', 'commentary is longer than 3000 characters');
        // LinkedIn refuses the same text from the same author again: 422 DUPLICATE_POST.
        const duplicate = commentary && postsOf('linkedin', author).find((p) => p.text === commentary);
        if (duplicate) {
          return json(res, 422, {
            errorDetailType: 'com.linkedin.common.error.BadRequest',
            message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${duplicate.id}`,
            errorDetails: {
              inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }],
            },
            status: 422,
          });
        }
        const imageUrns = [
          ...(body.content?.media?.id ? [body.content.media.id] : []),
          ...(body.content?.multiImage?.images ?? []).flatMap((i) => (i.id ? [i.id] : [])),
        ];
        for (const urn of imageUrns) {
          const image = images.get(urn.replace('urn:li:image:', ''));
          if (!image?.bytes) return linkedinError(res, 422, 'UNPROCESSABLE_ENTITY', `Image ${urn} is not uploaded`);
        }
        const id = `urn:li:share:${stableId(randomBytes(8).toString('hex'), 19)}`;
        note(res, { author, commentary, images: imageUrns.length ? String(imageUrns.length) : undefined });
        addPost('linkedin', author, id, commentary, imageUrns);
        if (failAfter.has(res)) return json(res, 201, {});
        return res.writeHead(201, { 'x-restli-id': id, 'x-linkedin-id': id }).end();
      }
      if (path === '/linkedin-api/rest/posts' && method === 'GET') {
        if (url.searchParams.get('q') !== 'author') return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Invalid query');
        const author = url.searchParams.get('author') ?? '';
        if (!mayAuthor(author)) return linkedinError(res, 403, 'ACCESS_DENIED', `Not enough permissions for ${author}`);
        const count = Math.max(1, Math.min(100, Number(url.searchParams.get('count') ?? 10)));
        return json(res, 200, {
          paging: { start: 0, count, links: [] },
          elements: postsOf('linkedin', author)
            .slice(0, count)
            .map((p) => ({
              id: p.id,
              author,
              commentary: p.text,
              createdAt: p.createdAt,
              publishedAt: p.createdAt,
              lifecycleState: 'PUBLISHED',
            })),
        });
      }
      if (method !== 'GET') return linkedinError(res, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
      if (path === '/linkedin-api/rest/organizationAcls') {
        if (url.searchParams.get('q') !== 'roleAssignee')
          return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Invalid query');
        return json(res, 200, {
          paging: { start: 0, count: 10, links: [] },
          elements: SANDBOX_ORGANIZATIONS.map((o) => ({
            roleAssignee: `urn:li:person:${token.identity.id}`,
            state: 'APPROVED',
            role: 'ADMINISTRATOR',
            organization: `urn:li:organization:${o.id}`,
          })),
        });
      }
      const org = /^\/linkedin-api\/rest\/organizations\/(\d+)$/.exec(path)?.[1];
      const found = SANDBOX_ORGANIZATIONS.find((o) => String(o.id) === org);
      if (found) return json(res, 200, { ...found, vanityName: found.localizedName.toLowerCase().replace(/ /g, '-') });
      return linkedinError(res, 404, 'NOT_FOUND', 'Not Found');
    }
    return json(res, 404, { error: 'not_found' });
  };

  const server: Server = createServer((req, res) => {
    // In-place changes (a poll's count, an upload's bytes) ride along with the next save.
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      flush();
      return end(...args);
    }) as typeof res.end;
    answer(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: 'server_error', error_description: (error as Error).message });
    });
  });
  port = await listenOn(server, port);
  origin = `http://127.0.0.1:${port}`;
  changed();
  flush();
  return {
    origin,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => {
          dirty = true;
          flush();
          done();
        });
      }),
  };
}

/** Listens on `port` again when it is free (the origin stays the same), else on a new one. */
async function listenOn(server: Server, port: number): Promise<number> {
  const tryPort = (p: number) =>
    new Promise<boolean>((done) => {
      const taken = () => done(false);
      server.once('error', taken);
      server.listen(p, '127.0.0.1', () => {
        server.off('error', taken);
        done(true);
      });
    });
  if (!(port > 0 && (await tryPort(port)))) await tryPort(0);
  return (server.address() as { port: number }).port;
}
