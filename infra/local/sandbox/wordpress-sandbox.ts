import { noContent } from './kit/answers';
import { dispatch, route, type Call, type Route } from './kit/router';
import { trackedMap } from './sandbox-store';
import { mediaBody, postBody } from './wordpress/bodies';
import type { ApplicationPassword, Media, Post, WordPressContext, WpcomCode } from './wordpress/context';
import { json } from './wordpress/context';
import { logAndFail, type WordPressFailSpec } from './wordpress/failures';
import { selfHostedRoutes } from './wordpress/self-hosted';
import { wpcomRoutes } from './wordpress/wpcom';

/**
 * A loopback WordPress site at the sandbox's root, and WordPress.com under /wpcom: the subset
 * functions/core/integrations/wordpress-client.ts calls, with WordPress's documented shapes.
 * Its modules are under wordpress/: self-hosted.ts, wpcom.ts, site-rest.ts, lists.ts, failures.ts.
 *
 * - GET /wp-json/: the REST index, naming the authorize-application page.
 * - /wp-admin/authorize-application.php: the "Authorize Application" screen (WordPress 5.6+);
 *   approving creates a 24-character application password and redirects to success_url with
 *   site_url, user_login and password; refusing redirects to reject_url with success=false.
 * - /wp-json/wp/v2/users/me, posts, media with Basic auth (an application password), errors
 *   as `{code, message, data: {status}}`. The posts list takes WordPress's arguments the
 *   publishing lookup sends: `search` (WP_Query's word rules), `after`/`before` (ISO 8601,
 *   exclusive), `status` (a comma list, default publish), `context` (raw fields with `edit`),
 *   `per_page`/`page`, `orderby`/`order`; a create takes `date`/`date_gmt` to backdate a post.
 *   Uploads are stored under a sanitised, unique name; the media list takes `search`, `after`,
 *   `per_page` and `order`, as the lookup of an image an interrupted attempt uploaded sends them.
 * - /wpcom/oauth2/authorize and /wpcom/oauth2/token (WordPress.com OAuth 2.0, the token names
 *   its blog_id and blog_url), /wpcom/wp/v2/sites/{blog}/... with Bearer tokens.
 * - POST /__sandbox/wordpress/revoke: the user revokes every application password from their
 *   profile (a later call answers 401).
 * - POST /__sandbox/wordpress/fail-next: the platform sandbox's fail-next for WordPress's paths,
 *   the same spec (`path`, `failure` or `status`/`body`/`headers`, `delayMs`, `after`) plus an
 *   optional `method` and `user` (the login the call signs in as). With `after` the call is
 *   carried out (the post stored) and only then answered with the failure: the unknown outcome
 *   the publishing lookup is for. (The platform sandbox's /__sandbox/fail-next still works here
 *   without `after`; its `after` marker is private to that module, so this one has its own.)
 * - GET /__sandbox/wordpress/posts (posts and media) and /__sandbox/wordpress/requests: what the sites hold and
 *   what they were asked, newest first (passwords and tokens are never recorded).
 */
export { WORDPRESS_SANDBOX_CLIENT } from './wordpress/wpcom';
export { WORDPRESS_SANDBOX_SITE_NAME } from './wordpress/pages';
export type { WordPressFailSpec } from './wordpress/failures';

/** What the WordPress sandbox keeps across restarts, inside the platform sandbox's state file. */
export interface WordPressSandboxState {
  passwords: [string, ApplicationPassword[]][];
  users: [string, number][];
  posts: [number, Post][];
  media: [number, Media][];
  wpcomCodes: [string, WpcomCode][];
  wpcomTokens: [string, { blog: string; login: string }][];
  nextId: number;
}

export interface WordPressSandboxOptions {
  origin: () => string;
  redirectAllowed: (uri: string) => boolean;
  /** The state a previous run saved; `changed` is called on every change, so it is saved again. */
  saved?: WordPressSandboxState;
  changed?: () => void;
}

function wordpressContext(options: WordPressSandboxOptions): WordPressContext {
  const changed = options.changed ?? (() => undefined);
  const saved = options.saved;
  return {
    origin: options.origin,
    redirectAllowed: options.redirectAllowed,
    passwords: trackedMap(saved?.passwords ?? [], changed),
    users: trackedMap(saved?.users ?? [], changed),
    posts: trackedMap(saved?.posts ?? [], changed),
    media: trackedMap(saved?.media ?? [], changed),
    wpcomCodes: trackedMap(saved?.wpcomCodes ?? [], changed),
    wpcomTokens: trackedMap(saved?.wpcomTokens ?? [], changed),
    ids: { next: saved?.nextId ?? 100 },
    received: [],
  };
}

/** The sites' controls: fail-next, what they hold and were asked, and the revoke. */
const controlRoutes = (ctx: WordPressContext, failures: WordPressFailSpec[]): Route<Call>[] => [
  route('POST', '/__sandbox/wordpress/fail-next', async ({ res, text }) => {
    failures.push(JSON.parse(await text()) as WordPressFailSpec);
    return noContent(res);
  }),
  route('GET', '/__sandbox/wordpress/requests', ({ res }) => json(res, 200, { requests: [...ctx.received].reverse() })),
  route('GET', '/__sandbox/wordpress/posts', ({ res }) =>
    json(res, 200, {
      posts: [...ctx.posts.values()].reverse().map((p) => ({ ...postBody(p), title: p.title, content: p.content })),
      media: [...ctx.media.values()].reverse().map(mediaBody),
    }),
  ),
  route('POST', '/__sandbox/wordpress/revoke', ({ res }) => {
    ctx.passwords.clear();
    ctx.wpcomTokens.clear();
    return noContent(res);
  }),
];

export function createWordPressSandbox(options: WordPressSandboxOptions) {
  const ctx = wordpressContext(options);
  const failures: WordPressFailSpec[] = [];
  const controls = controlRoutes(ctx, failures);
  const routes = [...selfHostedRoutes(ctx), ...wpcomRoutes(ctx)];

  /** Answers the call when it is WordPress's; false otherwise. */
  async function answer(call: Call): Promise<boolean> {
    if (await dispatch(controls, call)) return true;
    const rest = call.path.startsWith('/wp-json/') || call.path.startsWith('/wpcom/');
    if (rest && (await logAndFail(ctx, failures, call))) return true;
    return dispatch(routes, call);
  }

  const state = (): WordPressSandboxState => ({
    passwords: [...ctx.passwords],
    users: [...ctx.users],
    posts: [...ctx.posts],
    media: [...ctx.media],
    wpcomCodes: [...ctx.wpcomCodes],
    wpcomTokens: [...ctx.wpcomTokens],
    nextId: ctx.ids.next,
  });
  return { answer, posts: ctx.posts, media: ctx.media, state };
}
