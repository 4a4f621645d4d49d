import { graphError } from '../kit/errors';
import { route, type Route } from '../kit/router';
import { pageSize, pick, type PlatformContext } from './context';
import { json } from './failures';
import { unknownPath, type GraphCall } from './graph';
import { SANDBOX_PAGES } from './fixtures';
import { mediaCounts } from './insights';
import { TEXT_LIMITS, characters } from './rules';
import { note } from './request-log';
import {
  addPost,
  childMedia,
  graphList,
  newContainer,
  permalink,
  postsOf,
  publishWithinQuota,
  quotaUsage,
} from './publishing';

/**
 * Instagram's content publishing on the Graph API, under an Instagram business account: media
 * containers (an image, a video that finishes on its second poll, a carousel of 2 to 10 items),
 * media_publish within the rolling 24-hour quota, the media list and content_publishing_limit.
 */
const QUOTA = 100;

function createContainer(ctx: PlatformContext, call: GraphCall, igId: string) {
  const { res, param } = call;
  const video = !!param('video_url');
  const carousel = param('media_type') === 'CAROUSEL';
  if (!param('image_url') && !video && !carousel) {
    return graphError(res, 400, 'The parameter image_url is required', 100);
  }
  if (characters(param('caption') ?? '') > TEXT_LIMITS.instagramCaption) {
    return graphError(res, 400, 'The caption is too long', 100, 2207010);
  }
  const children = carousel ? (param('children') ?? '').split(',').filter(Boolean) : [];
  if (carousel && (children.length < 2 || children.length > 10)) {
    return graphError(res, 400, 'The carousel must have between 2 and 10 items', 100, 2207004);
  }
  if (children.some((c) => ctx.containers.get(c)?.owner !== igId)) {
    return graphError(res, 400, 'Media ID is not available', 9007, 2207027);
  }
  note(res, { caption: param('caption'), image_url: param('image_url') ?? param('video_url') });
  const media = carousel ? childMedia(ctx, children) : [param('image_url') ?? param('video_url') ?? ''];
  const text = param('caption') ?? '';
  return json(res, 200, { id: newContainer(ctx, 'facebook', igId, video, call, { text, media, children }) });
}

function publish(ctx: PlatformContext, { res, param }: GraphCall, igId: string) {
  const container = ctx.containers.get(param('creation_id') ?? '');
  if (container?.owner !== igId || container.status !== 'FINISHED') {
    return graphError(res, 400, 'Media ID is not available', 9007, 2207027);
  }
  const id = publishWithinQuota(ctx, igId, QUOTA);
  if (!id) return graphError(res, 400, 'The account has reached its publishing limit', 9, 2207042);
  ctx.containers.delete(param('creation_id') ?? '');
  note(res, { caption: container.text });
  addPost(ctx, 'instagram', igId, id, container.text, container.media);
  return json(res, 200, { id });
}

/** GET media: the account's media, newest first, within since/until (unix seconds) when given. */
function list(ctx: PlatformContext, { res, url }: GraphCall, igId: string) {
  const since = Number(url.searchParams.get('since') ?? 0) * 1000;
  const until = Number(url.searchParams.get('until') ?? Infinity) * 1000;
  const data = postsOf(ctx, 'instagram', igId)
    .filter((p) => p.createdAt >= since && p.createdAt < until)
    .slice(0, pageSize(url.searchParams.get('limit'), 25))
    .map((p) => {
      const media = {
        id: p.id,
        caption: p.text,
        timestamp: new Date(p.createdAt).toISOString().replace(/\.\d+Z$/, '+0000'),
        permalink: permalink(ctx, p),
        ...mediaCounts(p),
      };
      return pick(media, url.searchParams.get('fields'));
    });
  return json(res, 200, graphList(data));
}

const publishingLimit = (ctx: PlatformContext, { res }: GraphCall, igId: string) =>
  json(res, 200, {
    data: [{ quota_usage: quotaUsage(ctx, igId), config: { quota_total: QUOTA, quota_duration: 86400 } }],
  });

/** An account's edges, by method and edge. */
const EDGES: Record<string, (ctx: PlatformContext, call: GraphCall, igId: string) => unknown> = {
  'POST media': createContainer,
  'POST media_publish': publish,
  'GET media': list,
  'GET content_publishing_limit': publishingLimit,
};

export const instagramRoutes = (ctx: PlatformContext): Route<GraphCall>[] => [
  route<GraphCall>('*', /^(\d+)\/(media|media_publish|content_publishing_limit)$/, (call, [igId = '', edge]) => {
    if (!SANDBOX_PAGES.some((p) => p.instagram.id === igId)) {
      return graphError(call.res, 400, `Unsupported request - Object with ID '${igId}' does not exist`, 100, 33);
    }
    const answer = EDGES[`${call.method} ${edge}`];
    return answer ? answer(ctx, call, igId) : unknownPath(call);
  }),
];
