import { html, json, noContent } from '../kit/answers';
import { route, type Route } from '../kit/router';
import { postPage } from './post-page';
import type { PlatformCall, PlatformContext } from './context';
import type { FailSpec } from './failures';
import { madeEarlier, setFavouredTime } from './post-insights';
import { permalink } from './publishing';

/**
 * The sandbox's own controls (tests and the dev page): POST /__sandbox/fail-next, GET
 * /__sandbox/requests (what each platform received), GET /__sandbox/posts (what was published),
 * GET /__sandbox/comments (comments under published posts), POST /__sandbox/engagement (the
 * time posts draw most at), POST /__sandbox/posts (a post made earlier, outside the app),
 * and the permalink pages that show each post.
 */
export const controlRoutes = (ctx: PlatformContext): Route<PlatformCall>[] => [
  route('POST', '/__sandbox/fail-next', async (call) => {
    ctx.failures.push(JSON.parse(await call.text()) as FailSpec);
    return noContent(call.res);
  }),
  // Which UTC hour and weekdays posts draw most at (post-insights.ts): a test makes another hour win.
  route('POST', '/__sandbox/engagement', async (call) => {
    if (!setFavouredTime(ctx, JSON.parse((await call.text()) || '{}'))) {
      return json(call.res, 400, { error: 'Send {hour: 0-23, weekdays?: [1-7]}.' });
    }
    return noContent(call.res);
  }),
  // A post made on the platform at a past time, outside the app (tests of what older posts drew).
  route('POST', '/__sandbox/posts', async (call) => {
    const made = madeEarlier(ctx, JSON.parse((await call.text()) || '{}'));
    if (!made) return json(call.res, 400, { error: 'Send {platform, owner, text, createdAt (ISO, in the past)}.' });
    return json(call.res, 201, { id: made.id, permalink: permalink(ctx, made) });
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
