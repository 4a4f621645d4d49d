import { html, json, noContent } from '../kit/answers';
import { route, type Route } from '../kit/router';
import { postPage } from './post-page';
import type { PlatformCall, PlatformContext } from './context';
import type { FailSpec } from './failures';
import { permalink } from './publishing';

/**
 * The sandbox's own controls (tests and the dev page): POST /__sandbox/fail-next, GET
 * /__sandbox/requests (what each platform received), GET /__sandbox/posts (what was published),
 * GET /__sandbox/comments (comments under published posts),
 * and the permalink pages that show each post.
 */
export const controlRoutes = (ctx: PlatformContext): Route<PlatformCall>[] => [
  route('POST', '/__sandbox/fail-next', async (call) => {
    ctx.failures.push(JSON.parse(await call.text()) as FailSpec);
    return noContent(call.res);
  }),
  route('GET', '/__sandbox/requests', ({ res }) => json(res, 200, { requests: [...ctx.received].reverse() })),
  route('GET', '/__sandbox/comments', ({ res }) => json(res, 200, { comments: [...ctx.comments].reverse() })),
  route('GET', '/__sandbox/posts', ({ res }) =>
    json(res, 200, { posts: [...ctx.posts].reverse().map((p) => ({ ...p, permalink: permalink(ctx, p) })) }),
  ),
];

/** GET of a post's permalink: the post as the platform would show it. True when answered. */
export function servePermalink(ctx: PlatformContext, { res, method, path }: PlatformCall): boolean {
  const shown = method === 'GET' ? ctx.posts.find((p) => p.permalinkPath === path) : undefined;
  if (!shown) return false;
  html(res, 200, postPage(shown.platform, shown.owner, shown.text, new Date(shown.createdAt).toISOString()));
  return true;
}
