import { randomBytes } from 'node:crypto';
import { linkedinError, oauthError } from '../kit/errors';
import { dispatch, route, type Route } from '../kit/router';
import { pageSize, randomId, type Identity, type PlatformCall, type PlatformContext, type Token } from './context';
import { failAfter, json } from './failures';
import { SANDBOX_ORGANIZATIONS } from './fixtures';
import { memberFollowersCount, memberPostAnalytics, networkSize, organizationStatistics } from './insights';
import { note } from './request-log';
import { memberPostTotals, shareStatisticsOfPosts } from './post-insights';
import { addPost, postsOf } from './publishing';
import { linkedinComments } from './comments';
import {
  SCOPES,
  TEXT_LIMITS,
  characters,
  lacking,
  linkedinAuthorKind,
  linkedinVersionRefusal,
  readLittleText,
} from './rules';
import { LINKEDIN_ACCESS_SECONDS, LINKEDIN_REFRESH_SECONDS, authorize, grantedScopes, issue, redeem } from './tokens';

/**
 * LinkedIn's OAuth (www.linkedin.com under /linkedin-www) and API (api.linkedin.com under
 * /linkedin-api): the code and refresh grants, userinfo, image uploads, posts (created as the
 * member or an organisation they administer, duplicates refused, listed by author), the
 * organisations' ACLs and the organisations. REST calls need a live LinkedIn-Version header;
 * posts and comments are little text and need the token's scope for their author (rules.ts).
 */
const INVALID_GRANT = 'The provided authorization grant or refresh token is invalid, expired or revoked.';

interface RestCall extends PlatformCall {
  token: Token;
  /** Whether the token's member may act as `urn` (themselves or an organisation they administer). */
  mayAuthor: (urn: string) => boolean;
}

/** The identity and scopes a token request's grant names: a code's, or a live refresh token's. */
function grantOf(ctx: PlatformContext, form: URLSearchParams): { identity: Identity; scopes?: string[] } | undefined {
  if (form.get('grant_type') === 'authorization_code') {
    const code = form.get('code') ?? '';
    const grant = redeem(ctx, 'linkedin', code, form.get('client_id') ?? '', form.get('redirect_uri') ?? '');
    return grant && { identity: grant.identity, scopes: grantedScopes(grant) };
  }
  const refresh = ctx.tokens.get(form.get('refresh_token') ?? '');
  if (refresh?.kind === 'refresh' && refresh.expires > Date.now() && refresh.identity.app === 'linkedin') {
    return { identity: refresh.identity, scopes: refresh.scopes };
  }
  return undefined;
}

/**
 * Answers LinkedIn's 403 when the token lacks the scope `kind` of calls needs for `urn`'s kind
 * of author (w_member_social / w_organization_social to write, r_* to read); true when answered.
 */
function refusedScope(call: RestCall, kind: 'linkedinWrite' | 'linkedinRead', urn: string, resource: string) {
  const missing = lacking(call.token.scopes, SCOPES[kind][linkedinAuthorKind(urn)]);
  if (!missing.length) return false;
  const version = String(call.req.headers['linkedin-version'] ?? '');
  linkedinError(
    call.res,
    403,
    'ACCESS_DENIED',
    `Not enough permissions to access: ${resource}.${call.method}.${version} (the token lacks ${missing.join(', ')})`,
    100,
  );
  return true;
}

async function accessToken(ctx: PlatformContext, call: PlatformCall) {
  const form = await call.form();
  const { clientId, clientSecret } = ctx.clients.linkedin;
  if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
    return oauthError(call.res, 401, 'invalid_client', 'Client authentication failed');
  }
  if (!['authorization_code', 'refresh_token'].includes(form.get('grant_type') ?? '')) {
    return oauthError(call.res, 400, 'unsupported_grant_type', 'The grant type is not supported');
  }
  const grant = grantOf(ctx, form);
  if (!grant) return oauthError(call.res, 400, 'invalid_grant', INVALID_GRANT);
  const { identity, scopes } = grant;
  return json(call.res, 200, {
    access_token: issue(ctx, identity, 'long', LINKEDIN_ACCESS_SECONDS, { scopes }),
    expires_in: LINKEDIN_ACCESS_SECONDS,
    refresh_token: issue(ctx, identity, 'refresh', LINKEDIN_REFRESH_SECONDS, { scopes }),
    refresh_token_expires_in: LINKEDIN_REFRESH_SECONDS,
    // The scopes granted, comma-separated, as LinkedIn's token answer lists them.
    ...(scopes ? { scope: scopes.join(',') } : {}),
  });
}

function userinfo(ctx: PlatformContext, call: PlatformCall) {
  const token = authorize(ctx, call, 'linkedin');
  if (!token) return;
  const { id, name } = token.identity;
  const [given = '', ...family] = name.split(' ');
  return json(call.res, 200, { sub: id, name, given_name: given, family_name: family.join(' ') });
}

async function upload(ctx: PlatformContext, call: PlatformCall, id: string) {
  if (!authorize(ctx, call, 'linkedin')) return;
  const image = ctx.images.get(id);
  if (!image) return linkedinError(call.res, 404, 'NOT_FOUND', 'Upload not found');
  image.bytes = Buffer.byteLength(await call.text(), 'latin1');
  return call.res.writeHead(201).end();
}

async function initializeUpload(ctx: PlatformContext, { res, url, text, mayAuthor }: RestCall) {
  if (url.searchParams.get('action') !== 'initializeUpload') {
    return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Unsupported action');
  }
  const body = JSON.parse((await text()) || '{}') as { initializeUploadRequest?: { owner?: string } };
  const owner = body.initializeUploadRequest?.owner ?? '';
  if (!mayAuthor(owner)) return linkedinError(res, 403, 'ACCESS_DENIED', `Not enough permissions to act as ${owner}`);
  const id = `D4${randomBytes(8).toString('hex')}`;
  ctx.images.set(id, { owner, bytes: 0 });
  const uploadUrl = `${ctx.origin()}/linkedin-www/dms-uploads/${id}`;
  return json(res, 200, {
    value: { uploadUrlExpiresAt: Date.now() + 3600_000, uploadUrl, image: `urn:li:image:${id}` },
  });
}

interface PostBody {
  author?: string;
  commentary?: string;
  lifecycleState?: string;
  content?: { media?: { id?: string }; multiImage?: { images?: { id?: string }[] } };
}

/** LinkedIn refuses the same text from the same author again: 422 DUPLICATE_POST. */
const duplicateBody = (id: string) => ({
  errorDetailType: 'com.linkedin.common.error.BadRequest',
  message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${id}`,
  errorDetails: { inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }] },
  status: 422,
});

const imageUrnsOf = (body: PostBody) => [
  ...(body.content?.media?.id ? [body.content.media.id] : []),
  ...(body.content?.multiImage?.images ?? []).flatMap((i) => (i.id ? [i.id] : [])),
];

/** The text of a post as its readers see it, or undefined once its refusal is answered. */
function refusePost(ctx: PlatformContext, call: RestCall, body: PostBody, imageUrns: string[]): string | undefined {
  const { res, mayAuthor } = call;
  const author = body.author ?? '';
  if (!mayAuthor(author)) {
    linkedinError(res, 403, 'ACCESS_DENIED', `Not enough permissions to post as ${author}`);
    return undefined;
  }
  if (refusedScope(call, 'linkedinWrite', author, 'partnerApiPostsExternal')) return undefined;
  if (body.lifecycleState !== 'PUBLISHED') {
    linkedinError(res, 422, 'UNPROCESSABLE_ENTITY', 'lifecycleState must be PUBLISHED');
    return undefined;
  }
  const read = readLittleText(body.commentary ?? '');
  if ('error' in read) {
    linkedinError(res, 422, 'UNPROCESSABLE_ENTITY', `commentary: ${read.error}`);
    return undefined;
  }
  if (characters(read.text) > TEXT_LIMITS.linkedinCommentary) {
    linkedinError(
      res,
      422,
      'UNPROCESSABLE_ENTITY',
      `commentary is longer than ${TEXT_LIMITS.linkedinCommentary} characters`,
    );
    return undefined;
  }
  const duplicate = read.text && postsOf(ctx, 'linkedin', author).find((p) => p.text === read.text);
  if (duplicate) {
    json(res, 422, duplicateBody(duplicate.id));
    return undefined;
  }
  for (const urn of imageUrns) {
    const image = ctx.images.get(urn.replace('urn:li:image:', ''));
    if (!image?.bytes) {
      linkedinError(res, 422, 'UNPROCESSABLE_ENTITY', `Image ${urn} is not uploaded`);
      return undefined;
    }
  }
  return read.text;
}

async function createPost(ctx: PlatformContext, call: RestCall) {
  const { res } = call;
  const body = JSON.parse((await call.text()) || '{}') as PostBody;
  const imageUrns = imageUrnsOf(body);
  const text = refusePost(ctx, call, body, imageUrns);
  if (text === undefined) return;
  const author = body.author ?? '';
  const commentary = body.commentary ?? '';
  const id = `urn:li:share:${randomId(19)}`;
  note(res, { author, commentary, images: imageUrns.length ? String(imageUrns.length) : undefined });
  // Kept as read (the permalink page, the duplicate check), and as sent (the commentary answered back).
  addPost(ctx, 'linkedin', author, id, text, imageUrns, commentary);
  // A pending `after` failure replaces the success; without one, the id is in the headers.
  if (failAfter.has(res)) return json(res, 201, {});
  return res.writeHead(201, { 'x-restli-id': id, 'x-linkedin-id': id }).end();
}

function listPosts(ctx: PlatformContext, call: RestCall) {
  const { res, url, mayAuthor } = call;
  if (url.searchParams.get('q') !== 'author') return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Invalid query');
  const author = url.searchParams.get('author') ?? '';
  if (!mayAuthor(author)) return linkedinError(res, 403, 'ACCESS_DENIED', `Not enough permissions for ${author}`);
  if (refusedScope(call, 'linkedinRead', author, 'partnerApiPostsExternal')) return;
  const count = pageSize(url.searchParams.get('count'), 10);
  // Rest.li paging: `start` is the offset of the first element, newest first.
  const start = Math.max(0, Number(url.searchParams.get('start') ?? 0) || 0);
  const elements = postsOf(ctx, 'linkedin', author)
    .slice(start, start + count)
    .map((p) => ({
      id: p.id,
      author,
      commentary: p.source ?? p.text,
      createdAt: p.createdAt,
      publishedAt: p.createdAt,
      lifecycleState: 'PUBLISHED',
    }));
  return json(res, 200, { paging: { start, count, links: [] }, elements });
}

function organizationAcls({ res, url, token }: RestCall) {
  if (url.searchParams.get('q') !== 'roleAssignee') return linkedinError(res, 400, 'ILLEGAL_ARGUMENT', 'Invalid query');
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

function organization({ res }: RestCall, id: string) {
  const found = SANDBOX_ORGANIZATIONS.find((o) => String(o.id) === id);
  if (!found) return linkedinError(res, 404, 'NOT_FOUND', 'Not Found');
  return json(res, 200, { ...found, vanityName: found.localizedName.toLowerCase().replace(/ /g, '-') });
}

const restRoutes = (ctx: PlatformContext): Route<RestCall>[] => [
  route<RestCall>('POST', '/linkedin-api/rest/images', (call) => initializeUpload(ctx, call)),
  route<RestCall>('POST', '/linkedin-api/rest/posts', (call) => createPost(ctx, call)),
  route<RestCall>('GET', '/linkedin-api/rest/posts', (call) => listPosts(ctx, call)),
  route<RestCall>('*', /^\/linkedin-api\/rest\/socialActions\/([^/]+)\/comments$/, (call, [urn = '']) =>
    linkedinComments(ctx, call, urn, (kind, author) => refusedScope(call, kind, author, 'socialActions')),
  ),
  route<RestCall>('GET', '/linkedin-api/rest/organizationAcls', organizationAcls),
  route<RestCall>('GET', /^\/linkedin-api\/rest\/organizations\/(\d+)$/, (call, [id = '']) => organization(call, id)),
  route<RestCall>('GET', '/linkedin-api/rest/organizationalEntityFollowerStatistics', (call) =>
    organizationStatistics(ctx, call.res, call.url, 'follower', call.mayAuthor),
  ),
  route<RestCall>('GET', '/linkedin-api/rest/organizationalEntityShareStatistics', (call) => {
    const organization = call.url.searchParams.get('organizationalEntity') ?? '';
    if (call.mayAuthor(organization) && shareStatisticsOfPosts(ctx, call.res, call.url, organization)) return;
    return organizationStatistics(ctx, call.res, call.url, 'share', call.mayAuthor);
  }),
  route<RestCall>('GET', '/linkedin-api/rest/memberFollowersCount', (call) =>
    memberFollowersCount(ctx, call.res, call.url, `urn:li:person:${call.token.identity.id}`),
  ),
  route<RestCall>('GET', '/linkedin-api/rest/memberCreatorPostAnalytics', (call) =>
    (call.url.searchParams.get('q') === 'entity' ? memberPostTotals : memberPostAnalytics)(
      ctx,
      call.res,
      call.url,
      `urn:li:person:${call.token.identity.id}`,
    ),
  ),
  route<RestCall>('GET', /^\/linkedin-api\/rest\/networkSizes\/([^/]+)$/, (call, [urn = '']) =>
    networkSize(ctx, call.res, call.url, decodeURIComponent(urn), call.mayAuthor),
  ),
];

/** /linkedin-api/rest/...: the version header, then the token, then the route. */
async function rest(ctx: PlatformContext, call: PlatformCall) {
  const { res } = call;
  const version = call.req.headers['linkedin-version'];
  const refused = linkedinVersionRefusal(typeof version === 'string' ? version : undefined);
  if (refused) return linkedinError(res, refused.status, refused.code, refused.message);
  const token = authorize(ctx, call, 'linkedin');
  if (!token) return;
  const mayAuthor = (urn: string) =>
    urn === `urn:li:person:${token.identity.id}` ||
    SANDBOX_ORGANIZATIONS.some((o) => urn === `urn:li:organization:${o.id}`);
  if (await dispatch(restRoutes(ctx), { ...call, token, mayAuthor })) return;
  if (call.method !== 'GET') return linkedinError(res, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
  return linkedinError(res, 404, 'NOT_FOUND', 'Not Found');
}

export const linkedinRoutes = (ctx: PlatformContext): Route<PlatformCall>[] => [
  route('POST', '/linkedin-www/oauth/v2/accessToken', (call) => accessToken(ctx, call)),
  route('GET', '/linkedin-api/v2/userinfo', (call) => userinfo(ctx, call)),
  route('PUT', /^\/linkedin-www\/dms-uploads\/(\w+)$/, (call, [id = '']) => upload(ctx, call, id)),
  route('*', /^\/linkedin-api\/rest\//, (call) => rest(ctx, call)),
];
