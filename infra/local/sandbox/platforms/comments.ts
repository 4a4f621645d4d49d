import { graphError, linkedinError } from '../kit/errors';
import { route, type Route } from '../kit/router';
import { pageSize, randomId, type PlatformContext, type SandboxComment } from './context';
import { json } from './failures';
import type { GraphCall } from './graph';
import { note } from './request-log';
import { graphList, postById } from './publishing';
import { SCOPES, TEXT_LIMITS, characters, lacking, readLittleText } from './rules';

/**
 * Comments under published posts, as a first comment uses them: Graph's `/{object-id}/comments`
 * for a Facebook page post (the page's token) and an Instagram media object (the user's token),
 * and LinkedIn's `/rest/socialActions/{urn}/comments` (as the post's author). Each refuses a
 * post that does not exist, a token without the scope the call needs, a message over the
 * platform's limit and an empty one (rules.ts).
 */
const LIMITS = {
  facebook: TEXT_LIMITS.facebookComment,
  instagram: TEXT_LIMITS.instagramComment,
  linkedin: TEXT_LIMITS.linkedinComment,
} as const;

function addComment(ctx: PlatformContext, comment: Omit<SandboxComment, 'id' | 'createdAt'>, id: string) {
  ctx.comments.push({ ...comment, id, createdAt: Date.now() });
  ctx.changed();
  return id;
}

const commentsOf = (ctx: PlatformContext, platform: SandboxComment['platform'], postId: string) =>
  ctx.comments.filter((c) => c.platform === platform && c.postId === postId).reverse();

const graphTime = (ms: number, facebook: boolean) =>
  facebook ? new Date(ms).toISOString().replace(/\.\d+Z$/, '+0000') : new Date(ms).toISOString();

/** GET or POST {object-id}/comments on Graph. */
function graphComments(ctx: PlatformContext, call: GraphCall, objectId: string) {
  const { res, token, method, param, url } = call;
  const post = postById(ctx, 'facebook', objectId) ?? postById(ctx, 'instagram', objectId);
  if (!post || (post.platform !== 'facebook' && post.platform !== 'instagram')) {
    return graphError(res, 400, `Unsupported request - Object with ID '${objectId}' does not exist`, 100, 33);
  }
  const facebook = post.platform === 'facebook';
  // A page post takes the page's own token; Instagram media the user's.
  if (facebook && (token.kind !== 'page' || token.pageId !== post.owner)) {
    return graphError(res, 403, '(#200) Permissions error', 200);
  }
  const needed = facebook
    ? method === 'GET'
      ? SCOPES.facebookCommentRead
      : SCOPES.facebookCommentWrite
    : SCOPES.instagramComments;
  const missing = lacking(token.scopes, needed);
  if (missing.length) return graphError(res, 403, `(#200) Requires ${missing.join(' and ')} permission`, 200);
  if (method === 'GET') {
    const data = commentsOf(ctx, post.platform, objectId)
      .slice(0, pageSize(url.searchParams.get('limit'), 25))
      .map((c) => ({
        id: c.id,
        [facebook ? 'message' : 'text']: c.text,
        [facebook ? 'created_time' : 'timestamp']: graphTime(c.createdAt, facebook),
      }));
    return json(res, 200, graphList(data));
  }
  const message = param('message') ?? '';
  if (!message.trim()) return graphError(res, 400, '(#100) Missing message', 100);
  if (characters(message) > LIMITS[post.platform]) return graphError(res, 400, '(#100) The comment is too long', 100);
  note(res, { message });
  const id = facebook ? `${objectId.split('_')[1] ?? objectId}_${randomId(16)}` : randomId(17);
  return json(res, 200, {
    id: addComment(ctx, { platform: post.platform, postId: objectId, actor: post.owner, text: message }, id),
  });
}

export const graphCommentRoutes = (ctx: PlatformContext): Route<GraphCall>[] => [
  route<GraphCall>('*', /^([\d_]+)\/comments$/, (call, [objectId = '']) => graphComments(ctx, call, objectId)),
];

interface LinkedInCall {
  res: GraphCall['res'];
  method: string;
  text: () => Promise<string>;
  mayAuthor: (urn: string) => boolean;
}

/** Answers LinkedIn's 403 when the token lacks the scope to write or read as `author`; true when answered. */
type ScopeCheck = (kind: 'linkedinWrite' | 'linkedinRead', author: string) => boolean;

/** GET or POST /rest/socialActions/{urn}/comments on LinkedIn. */
export async function linkedinComments(
  ctx: PlatformContext,
  call: LinkedInCall,
  encodedUrn: string,
  refusedScope: ScopeCheck,
) {
  const { res } = call;
  const urn = decodeURIComponent(encodedUrn);
  const post = postById(ctx, 'linkedin', urn);
  if (!post) return linkedinError(res, 404, 'NOT_FOUND', `Post ${urn} not found`);
  if (call.method === 'GET') {
    if (refusedScope('linkedinRead', post.owner)) return;
    const elements = commentsOf(ctx, 'linkedin', urn).map((c) => ({
      id: c.id.split(',').pop()?.replace(')', '') ?? c.id,
      commentUrn: c.id,
      actor: c.actor,
      object: urn,
      message: { text: c.source ?? c.text },
      created: { time: c.createdAt, actor: c.actor },
    }));
    return json(res, 200, { paging: { start: 0, count: elements.length, links: [] }, elements });
  }
  const body = JSON.parse((await call.text()) || '{}') as {
    actor?: string;
    object?: string;
    message?: { text?: string };
  };
  const actor = body.actor ?? '';
  if (!call.mayAuthor(actor))
    return linkedinError(res, 403, 'ACCESS_DENIED', `Not enough permissions to comment as ${actor}`);
  if (refusedScope('linkedinWrite', actor)) return;
  const source = body.message?.text ?? '';
  const read = readLittleText(source);
  if ('error' in read) return linkedinError(res, 422, 'UNPROCESSABLE_ENTITY', `message.text: ${read.error}`);
  const text = read.text;
  if (!text.trim() || characters(text) > LIMITS.linkedin) {
    return linkedinError(res, 422, 'UNPROCESSABLE_ENTITY', `message.text must be 1 to ${LIMITS.linkedin} characters`);
  }
  note(res, { actor, text: source });
  const id = `urn:li:comment:(${urn},${randomId(19)})`;
  addComment(ctx, { platform: 'linkedin', postId: urn, actor, text, ...(source !== text ? { source } : {}) }, id);
  return json(res, 201, { id: id.split(',').pop()?.replace(')', ''), commentUrn: id }, { 'x-restli-id': id });
}
