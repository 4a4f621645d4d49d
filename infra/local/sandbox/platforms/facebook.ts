import { graphError } from '../kit/errors';
import { route, type Route } from '../kit/router';
import { pageSize, pick, randomId, type PlatformCall, type PlatformContext } from './context';
import { json } from './failures';
import { SANDBOX_PAGES } from './fixtures';
import { note } from './request-log';
import { graphRoute, unknownPath, type GraphCall } from './graph';
import { instagramAccount, instagramInsights, pageInsights, pagePosts } from './insights';
import { facebookPostFields, instagramMediaFigures } from './post-insights';
import { graphCommentRoutes } from './comments';
import { instagramRoutes } from './instagram';
import { addPost, graphList, permalink, poll, postById, postsOf } from './publishing';
import { LONG_SECONDS, SHORT_SECONDS, grantedScopes, issue, redeem } from './tokens';

/**
 * Facebook on the Graph API: the code and long-lived token exchanges, the user (me) and their
 * pages (me/accounts, with page tokens and Instagram accounts), a page's feed and photos, and a
 * post or container read by id. Instagram's edges are in instagram.ts.
 */

const tokenAnswer = (access_token: string, expires_in: number) => ({ access_token, token_type: 'bearer', expires_in });

/** GET oauth/access_token: a code for a short-lived token, or (fb_exchange_token) a short one for a long one. */
function exchange(ctx: PlatformContext, { res, url }: PlatformCall) {
  const q = url.searchParams;
  const { clientId, clientSecret } = ctx.clients.facebook;
  if (q.get('client_id') !== clientId || q.get('client_secret') !== clientSecret) {
    return graphError(res, 400, 'Error validating client secret.', 1);
  }
  if (q.get('grant_type') === 'fb_exchange_token') {
    const short = ctx.tokens.get(q.get('fb_exchange_token') ?? '');
    if (!short || short.identity.app !== 'facebook' || short.expires <= Date.now()) {
      return graphError(res, 400, 'Error validating access token: Session has expired.', 190, 463);
    }
    return json(
      res,
      200,
      tokenAnswer(issue(ctx, short.identity, 'long', LONG_SECONDS, { scopes: short.scopes }), LONG_SECONDS),
    );
  }
  const code = q.get('code') ?? '';
  const grant = redeem(
    ctx,
    'facebook',
    code,
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
  return json(
    res,
    200,
    tokenAnswer(issue(ctx, grant.identity, 'short', SHORT_SECONDS, { scopes: grantedScopes(grant) }), SHORT_SECONDS),
  );
}

const me = ({ res, url, token }: GraphCall) =>
  json(res, 200, pick({ id: token.identity.id, name: token.identity.name }, url.searchParams.get('fields'), 'id,name'));

/** me/permissions: what the user granted the app (a token saved before scopes were kept: nothing listed). */
const permissions = ({ res, token }: GraphCall) =>
  json(res, 200, { data: (token.scopes ?? []).map((permission) => ({ permission, status: 'granted' })) });

/** The pages the consent let the app use (all of them when it asked nothing). */
const grantedPages = (token: GraphCall['token']) =>
  SANDBOX_PAGES.filter((page) => !token.identity.pages || token.identity.pages.includes(page.id));

/** me/accounts: the pages the consent granted, paged with Graph's cursors and `next` link. */
function accounts(ctx: PlatformContext, { res, url, token }: GraphCall) {
  const q = url.searchParams;
  const pages = grantedPages(token);
  const fields = (q.get('fields') ?? 'id,name').split(',');
  const limit = pageSize(q.get('limit'), 25);
  const after = Number(q.get('after') ?? 0);
  const withIg = (q.get('fields') ?? '').includes('instagram_business_account');
  const data = pages.slice(after, after + limit).map((page) => ({
    id: page.id,
    name: page.name,
    ...(fields.includes('access_token')
      ? { access_token: issue(ctx, token.identity, 'page', LONG_SECONDS, { pageId: page.id, scopes: token.scopes }) }
      : {}),
    ...(withIg
      ? { instagram_business_account: { id: page.instagram.id, username: page.instagram.username, name: page.name } }
      : {}),
  }));
  const next = after + limit < pages.length ? new URL(url.pathname, ctx.origin()) : undefined;
  if (next) {
    for (const [k, v] of q) if (k !== 'after') next.searchParams.set(k, v);
    next.searchParams.set('after', String(after + limit));
  }
  const cursors = { before: String(after), after: String(after + limit) };
  return json(res, 200, { data, paging: { cursors, ...(next ? { next: next.href } : {}) } });
}

/** A page's edges take the page's own token (from me/accounts), not the user's. */
function pageEdge(ctx: PlatformContext, call: GraphCall, pageId: string, edge: string) {
  const { res, token, method } = call;
  if (!SANDBOX_PAGES.some((p) => p.id === pageId)) {
    return graphError(res, 400, `Unsupported request - Object with ID '${pageId}' does not exist`, 100, 33);
  }
  if (token.kind !== 'page' || token.pageId !== pageId) {
    return graphError(
      res,
      403,
      '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts permission as an admin',
      200,
    );
  }
  if (edge === 'feed' && method === 'GET') return feed(ctx, call, pageId);
  if (edge === 'photos' && method === 'POST') return photo(ctx, call, pageId);
  if (edge === 'feed' && method === 'POST') return feedPost(ctx, call, pageId);
  if (edge === 'insights' && method === 'GET') return pageInsights(ctx, res, call.url, pageId);
  if (edge === 'posts' && method === 'GET') return pagePosts(ctx, res, call.url, pageId, (p) => permalink(ctx, p));
  return unknownPath(call);
}

function feed(ctx: PlatformContext, { res, url }: GraphCall, pageId: string) {
  const data = postsOf(ctx, 'facebook', pageId)
    .slice(0, pageSize(url.searchParams.get('limit'), 25))
    .map((p) => {
      const created = new Date(p.createdAt).toISOString().replace(/\.\d+Z$/, '+0000');
      const post = { id: p.id, message: p.text, created_time: created, permalink_url: permalink(ctx, p) };
      return pick(post, url.searchParams.get('fields'));
    });
  return json(res, 200, graphList(data));
}

/** POST photos: published=false keeps it for a feed post's attached_media; otherwise it is a post. */
function photo(ctx: PlatformContext, { res, param }: GraphCall, pageId: string) {
  const photoUrl = param('url');
  if (!photoUrl) return graphError(res, 400, '(#324) Requires upload file', 324);
  const photoId = randomId(16);
  note(res, { url: photoUrl, published: param('published'), message: param('message') ?? param('caption') });
  if (param('published') === 'false') {
    ctx.unpublishedPhotos.set(photoId, { pageId, url: photoUrl });
    return json(res, 200, { id: photoId });
  }
  const text = param('message') ?? param('caption') ?? '';
  const post = addPost(ctx, 'facebook', pageId, `${pageId}_${randomId(16)}`, text, [photoUrl]);
  return json(res, 200, { id: photoId, post_id: post.id });
}

function feedPost(ctx: PlatformContext, { res, param, body }: GraphCall, pageId: string) {
  const attached: string[] = [];
  for (let i = 0; body.has(`attached_media[${i}]`); i++) {
    const fbid = (JSON.parse(body.get(`attached_media[${i}]`) ?? '{}') as { media_fbid?: string }).media_fbid;
    const photo = ctx.unpublishedPhotos.get(fbid ?? '');
    if (photo?.pageId !== pageId) return graphError(res, 400, '(#100) Invalid attached_media', 100);
    attached.push(photo.url);
  }
  const message = param('message') ?? '';
  if (!message && !param('link') && !attached.length) {
    return graphError(res, 400, '(#100) Missing message or attachment', 100);
  }
  note(res, { message, link: param('link'), attached: attached.length ? String(attached.length) : undefined });
  const post = addPost(ctx, 'facebook', pageId, `${pageId}_${randomId(16)}`, message, [...attached]);
  return json(res, 200, { id: post.id });
}

/**
 * GET {id}: an Instagram business account, a Facebook or Instagram post, else a Facebook-app
 * container's status, else an unknown path.
 */
function objectById(ctx: PlatformContext, call: GraphCall) {
  const { res, rest, url } = call;
  const account = SANDBOX_PAGES.find((p) => p.instagram.id === rest)?.instagram;
  if (account) return instagramAccount(ctx, res, url, account.id, account.username);
  const post = postById(ctx, 'facebook', rest) ?? postById(ctx, 'instagram', rest);
  if (post) {
    const link = permalink(ctx, post);
    const timestamp = new Date(post.createdAt).toISOString();
    const object = {
      id: post.id,
      message: post.text,
      caption: post.text,
      permalink_url: link,
      permalink: link,
      timestamp,
    };
    const engagement =
      post.platform === 'facebook' ? facebookPostFields(ctx, post, url.searchParams.get('fields')) : {};
    return json(res, 200, { ...pick(object, url.searchParams.get('fields')), ...engagement });
  }
  const container = /^\d+$/.test(rest) ? poll(ctx, rest) : undefined;
  if (container?.app !== 'facebook') return unknownPath(call);
  const error =
    container.status === 'ERROR' ? { status: 'Error: Media upload has failed with error code 2207026' } : {};
  return json(res, 200, { status_code: container.status, id: rest, ...error });
}

export const facebookRoutes = (ctx: PlatformContext): Route<PlatformCall>[] => [
  graphRoute(ctx, (call) => exchange(ctx, call), [
    route<GraphCall>('GET', 'me', me),
    route<GraphCall>('GET', 'me/permissions', permissions),
    route<GraphCall>('GET', 'me/accounts', (call) => accounts(ctx, call)),
    ...instagramRoutes(ctx),
    ...graphCommentRoutes(ctx),
    // One insights edge on Graph: an Instagram account's user insights, an Instagram media
    // object's insights, or a page's Page Insights.
    route<GraphCall>('GET', /^(\d+)\/insights$/, (call, [id = '']) => {
      if (SANDBOX_PAGES.some((p) => p.instagram.id === id)) return instagramInsights(ctx, call.res, call.url, id);
      const media = ctx.posts.find((p) => p.platform === 'instagram' && p.id === id);
      if (media) return instagramMediaFigures(ctx, call.res, call.url, media);
      return pageEdge(ctx, call, id, 'insights');
    }),
    route<GraphCall>('*', /^(\d+)\/(feed|photos|insights|posts)$/, (call, [pageId = '', edge = '']) =>
      pageEdge(ctx, call, pageId, edge),
    ),
    route<GraphCall>('GET', /^.+$/, (call) => objectById(ctx, call)),
  ]),
];
