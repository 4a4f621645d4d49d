import { randomBytes } from 'node:crypto';
import { withinWindow } from '../kit/rate-limit';
import { randomId, type PlatformContext, type SandboxPost, type Token } from './context';
import { takeContainerError } from './failures';

/** What the platforms keep of a publication: containers, posts and their permalinks, quotas. */

const DAY_MS = 24 * 3600_000;

export function newContainer(
  ctx: PlatformContext,
  app: 'facebook' | 'threads',
  owner: string,
  video: boolean,
  /** The call that creates it: a container-error asked for its path (and account) is taken here. */
  call: { path: string; token: Token },
  content: { text?: string; media?: string[]; children?: string[] } = {},
) {
  const id = randomId(17);
  const status = takeContainerError(ctx, call) ? 'ERROR' : video ? 'IN_PROGRESS' : 'FINISHED';
  ctx.containers.set(id, {
    app,
    owner,
    status,
    polls: 0,
    text: content.text ?? '',
    media: content.media ?? [],
    children: content.children ?? [],
  });
  return id;
}

/** A container's status as a poll sees it: a video finishes on its second poll. */
export function poll(ctx: PlatformContext, id: string) {
  const container = ctx.containers.get(id);
  if (!container) return undefined;
  if (container.status === 'IN_PROGRESS' && ++container.polls >= 2) container.status = 'FINISHED';
  return container;
}

/** The media of a carousel's item containers. */
export const childMedia = (ctx: PlatformContext, children: string[]) =>
  children.flatMap((c) => ctx.containers.get(c)?.media ?? []);

/** Publishes within a rolling 24-hour quota per account (Instagram 100, Threads 250): the new id, or undefined. */
export function publishWithinQuota(ctx: PlatformContext, owner: string, limit: number) {
  const recent = withinWindow(ctx.published.get(owner) ?? [], DAY_MS);
  if (recent.length >= limit) return undefined;
  ctx.published.set(owner, [...recent, Date.now()]);
  return randomId(17);
}

/** Publishes in the last 24 hours (Instagram's content_publishing_limit). */
export const quotaUsage = (ctx: PlatformContext, owner: string) =>
  withinWindow(ctx.published.get(owner) ?? [], DAY_MS).length;

/** Keeps a published post and gives it a permalink the sandbox itself serves (a page showing it). */
export function addPost(
  ctx: PlatformContext,
  platform: SandboxPost['platform'],
  owner: string,
  id: string,
  text: string,
  media: string[],
  source?: string,
) {
  const slug = randomBytes(6).toString('base64url');
  const permalinkPath = {
    facebook: `/facebook-www/${owner}/posts/${id.split('_')[1] ?? id}`,
    instagram: `/instagram-www/p/${slug}/`,
    threads: `/threads-www/@${owner}/post/${slug}`,
    linkedin: `/linkedin-www/feed/update/${id}/`,
  }[platform];
  const post: SandboxPost = {
    platform,
    owner,
    id,
    text,
    ...(source !== undefined && source !== text ? { source } : {}),
    media,
    createdAt: Date.now(),
    permalinkPath,
  };
  ctx.posts.push(post);
  ctx.changed();
  return post;
}

export const permalink = (ctx: PlatformContext, post: SandboxPost) => `${ctx.origin()}${post.permalinkPath}`;

/** An account's posts, newest first. */
export const postsOf = (ctx: PlatformContext, platform: SandboxPost['platform'], owner: string) =>
  ctx.posts.filter((p) => p.platform === platform && p.owner === owner).reverse();

export const postById = (ctx: PlatformContext, platform: SandboxPost['platform'], id: string) =>
  ctx.posts.find((p) => p.platform === platform && p.id === id);

/** A list answer in Graph's shape (Facebook, Instagram, Threads). */
export const graphList = (data: unknown[]) => ({
  data,
  paging: { cursors: { before: '0', after: String(data.length) } },
});
