import { graphError } from '../kit/errors';
import { dispatch, route, type Route } from '../kit/router';
import { pageSize, pick, type PlatformCall, type PlatformContext, type SandboxPost, type Token } from './context';
import { json } from './failures';
import { threadsInsights } from './insights';
import { threadsMediaInsights } from './post-insights';
import { TEXT_LIMITS, THREADS_VERSIONS, threadsCount } from './rules';
import { note } from './request-log';
import {
  addPost,
  childMedia,
  graphList,
  newContainer,
  permalink,
  poll,
  postById,
  postsOf,
  publishWithinQuota,
} from './publishing';
import { LONG_SECONDS, SHORT_SECONDS, authorize, grantedScopes, issue, redeem } from './tokens';

/**
 * Threads' login and API (graph.threads.net under /threads-api): the code, long-lived and
 * refresh exchanges, the user (me), containers (text, image, video, a carousel of 2 to 20),
 * threads_publish within the rolling 24-hour quota of 250, a user's threads and a thread by id.
 */
const QUOTA = 250;

interface ThreadsCall extends PlatformCall {
  token: Token;
  /** The user or object id in the path. */
  id: string;
  param: (name: string) => string | null;
}

async function codeExchange(ctx: PlatformContext, { res, form: readForm }: PlatformCall) {
  const form = await readForm();
  const { clientId, clientSecret } = ctx.clients.threads;
  if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
    return graphError(res, 400, 'Error validating client secret.', 1);
  }
  if (form.get('grant_type') !== 'authorization_code') return graphError(res, 400, 'Unsupported grant_type', 100);
  const grant = redeem(
    ctx,
    'threads',
    form.get('code') ?? '',
    form.get('client_id') ?? '',
    form.get('redirect_uri') ?? '',
  );
  if (!grant) return graphError(res, 400, 'Invalid verification code format.', 100);
  return json(res, 200, {
    access_token: issue(ctx, grant.identity, 'short', SHORT_SECONDS, { scopes: grantedScopes(grant) }),
    user_id: grant.identity.id,
  });
}

const longToken = (ctx: PlatformContext, token: Token) => ({
  access_token: issue(ctx, token.identity, 'long', LONG_SECONDS, { scopes: token.scopes }),
  token_type: 'bearer',
  expires_in: LONG_SECONDS,
});

function longExchange(ctx: PlatformContext, call: PlatformCall) {
  const q = call.url.searchParams;
  if (q.get('grant_type') !== 'th_exchange_token') return graphError(call.res, 400, 'Unsupported grant_type', 100);
  if (q.get('client_secret') !== ctx.clients.threads.clientSecret) {
    return graphError(call.res, 400, 'Error validating client secret.', 1);
  }
  const short = authorize(ctx, call, 'threads');
  return short && json(call.res, 200, longToken(ctx, short));
}

function refresh(ctx: PlatformContext, call: PlatformCall) {
  if (call.url.searchParams.get('grant_type') !== 'th_refresh_token') {
    return graphError(call.res, 400, 'Unsupported grant_type', 100);
  }
  const long = authorize(ctx, call, 'threads');
  if (!long) return;
  if (long.kind !== 'long') return graphError(call.res, 400, 'Only long-lived tokens can be refreshed.', 190);
  return json(call.res, 200, longToken(ctx, long));
}

function me(ctx: PlatformContext, call: PlatformCall) {
  const token = authorize(ctx, call, 'threads');
  if (!token) return;
  const username = token.identity.name.toLowerCase().replace(/[^a-z0-9]+/g, '.');
  const fields = call.url.searchParams.get('fields');
  return json(call.res, 200, pick({ id: token.identity.id, username, name: token.identity.name }, fields));
}

const threadObject = (ctx: PlatformContext, post: SandboxPost, fields: string | null) =>
  pick(
    {
      id: post.id,
      text: post.text,
      permalink: permalink(ctx, post),
      timestamp: new Date(post.createdAt).toISOString(),
    },
    fields,
  );

/** GET {id}: a published thread, else a container's status. */
function object(ctx: PlatformContext, { res, id, param }: ThreadsCall) {
  const thread = postById(ctx, 'threads', id);
  if (thread) return json(res, 200, threadObject(ctx, thread, param('fields')));
  const container = poll(ctx, id);
  if (container?.app !== 'threads') return graphError(res, 400, 'Object does not exist', 100, 33);
  const error = container.status === 'ERROR' ? { error_message: 'FAILED_PROCESSING_IMAGE' } : {};
  return json(res, 200, { id, status: container.status, ...error });
}

function createContainer(ctx: PlatformContext, call: ThreadsCall) {
  const { res, id, param } = call;
  const type = param('media_type') ?? 'TEXT';
  if (!['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL'].includes(type)) return graphError(res, 400, 'Invalid media_type', 100);
  const length = threadsCount(param('text') ?? '');
  if (length > TEXT_LIMITS.threadsText) {
    return graphError(
      res,
      400,
      `Param text must be at most ${TEXT_LIMITS.threadsText} characters long (this one counts ${length}: each emoji counts its UTF-8 bytes)`,
      100,
    );
  }
  if (type === 'IMAGE' && !param('image_url')) return graphError(res, 400, 'The parameter image_url is required', 100);
  const children = type === 'CAROUSEL' ? (param('children') ?? '').split(',').filter(Boolean) : [];
  if (type === 'CAROUSEL' && (children.length < 2 || children.length > 20)) {
    return graphError(res, 400, 'A carousel must have between 2 and 20 items', 100);
  }
  if (children.some((c) => ctx.containers.get(c)?.owner !== id)) {
    return graphError(res, 400, 'Object does not exist', 100, 33);
  }
  const media =
    type === 'CAROUSEL' ? childMedia(ctx, children) : [param('image_url') ?? param('video_url') ?? ''].filter(Boolean);
  note(res, { media_type: type, text: param('text'), image_url: param('image_url') });
  const text = param('text') ?? '';
  return json(res, 200, { id: newContainer(ctx, 'threads', id, type === 'VIDEO', call, { text, media, children }) });
}

function list(ctx: PlatformContext, { res, id, param }: ThreadsCall) {
  const data = postsOf(ctx, 'threads', id)
    .slice(0, pageSize(param('limit'), 25))
    .map((p) => threadObject(ctx, p, param('fields')));
  return json(res, 200, graphList(data));
}

function publish(ctx: PlatformContext, { res, id, param }: ThreadsCall) {
  const container = ctx.containers.get(param('creation_id') ?? '');
  if (container?.owner !== id || container.status !== 'FINISHED') {
    return graphError(res, 400, 'The media is not ready to be published', 24, 4279009);
  }
  const published = publishWithinQuota(ctx, id, QUOTA);
  if (!published) return graphError(res, 400, 'The account has reached its publishing limit', 9, 2207042);
  ctx.containers.delete(param('creation_id') ?? '');
  note(res, { text: container.text });
  addPost(ctx, 'threads', id, published, container.text, container.media);
  return json(res, 200, { id: published });
}

/** The user's own edges: only the token's user may use them. */
const userRoutes = (ctx: PlatformContext): Route<ThreadsCall>[] => [
  route<ThreadsCall>('POST', 'threads', (call) => createContainer(ctx, call)),
  route<ThreadsCall>('GET', 'threads', (call) => list(ctx, call)),
  route<ThreadsCall>('POST', 'threads_publish', (call) => publish(ctx, call)),
  route<ThreadsCall>('GET', 'threads_insights', (call) => threadsInsights(ctx, call.res, call.url, call.id)),
];

/** /threads-api/{version}/{id}[/{edge}]: true when answered (other methods of a known path are not). */
async function idPath(ctx: PlatformContext, call: PlatformCall, id: string, edge: string) {
  const token = authorize(ctx, call, 'threads');
  if (!token) return true;
  const form = call.method === 'POST' ? await call.form() : new URLSearchParams();
  const param = (name: string) => call.url.searchParams.get(name) ?? form.get(name);
  const threads: ThreadsCall = { ...call, token, id, param };
  if (!edge && call.method === 'GET') {
    object(ctx, threads);
    return true;
  }
  const thread = edge === 'insights' && call.method === 'GET' ? postById(ctx, 'threads', id) : undefined;
  if (thread && thread.owner === token.identity.id) {
    threadsMediaInsights(ctx, call.res, call.url, thread);
    return true;
  }
  if (id !== token.identity.id) {
    graphError(call.res, 400, 'Object does not exist', 100, 33);
    return true;
  }
  return dispatch(userRoutes(ctx), threads, edge);
}

/** Answers Graph's error for a version Threads does not serve; true when answered. */
function unknownVersion(call: PlatformCall, version: string): boolean {
  if (THREADS_VERSIONS.includes(version)) return false;
  graphError(call.res, 400, `(#12) Unknown Threads API version ${version}`, 12);
  return true;
}

export const threadsRoutes = (
  ctx: PlatformContext,
  notFound: (call: PlatformCall) => unknown,
): Route<PlatformCall>[] => [
  route('POST', '/threads-api/oauth/access_token', (call) => codeExchange(ctx, call)),
  route('GET', '/threads-api/access_token', (call) => longExchange(ctx, call)),
  route('GET', '/threads-api/refresh_access_token', (call) => refresh(ctx, call)),
  route(
    '*',
    /^\/threads-api\/(v[\d.]+)\/(\d+)(?:\/(threads|threads_publish|threads_insights|insights))?$/,
    async (call, [version = '', id = '', edge = '']) => {
      if (unknownVersion(call, version)) return;
      if (!(await idPath(ctx, call, id, edge))) notFound(call);
    },
  ),
  route(
    'GET',
    /^\/threads-api\/(v[\d.]+)\/me$/,
    (call, [version = '']) => unknownVersion(call, version) || me(ctx, call),
  ),
];
