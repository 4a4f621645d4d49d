import { noContent } from './kit/answers';
import { dispatch, route, type Call, type Route } from './kit/router';
import { trackedMap } from './sandbox-store';
import { mediaBody, postBody } from './wordpress/bodies';
import type { ApplicationPassword, Comment, Media, Post, Term, WordPressContext, WpcomCode } from './wordpress/context';
import { json } from './wordpress/context';
import { logAndFail, namedRoute, type WordPressFailSpec } from './wordpress/failures';
import { selfHostedRoutes } from './wordpress/self-hosted';
import { wpcomRoutes } from './wordpress/wpcom';

/**
 * A loopback WordPress site at the sandbox's root, and WordPress.com under /wpcom: the subset
 * functions/core/integrations/wordpress-client.ts calls, with WordPress's documented shapes.
 * Its modules are under wordpress/: self-hosted.ts, wpcom.ts, site-rest.ts, lists.ts, comments.ts,
 * failures.ts.
 *
 * Where it and the real WordPress (6.1, which the integration suite runs beside it:
 * docs/testing.md) answer differently, the stand-in is wrong and follows the real one.
 *
 * - GET /: the front page; every page and API answer carries `Link: <…>; rel="https://api.w.org/"`.
 * - GET /wp-json/ (pretty permalinks) or /?rest_route=/ (always): the REST index, naming the
 *   authorize-application page. With Plain permalinks (POST /__sandbox/wordpress/permalinks)
 *   /wp-json/… answers the front page instead, as WordPress does.
 * - /wp-admin/authorize-application.php: the "Authorize Application" screen (WordPress 5.6+),
 *   WordPress's no-JavaScript form with a sandbox sign-in (the login to approve as). Approving
 *   creates a 24-character application password and redirects to success_url with site_url,
 *   user_login and password; an application name the user already has is refused on the page
 *   ("Each application name should be unique."); refusing redirects to reject_url unchanged
 *   (success_url with success=false only when there is no reject_url).
 * - wp/v2 with Basic auth (an application password), errors as `{code, message, data: {status}}`:
 *   users/me (`context=edit`: roles and capabilities, by the login's role: POST /users as an
 *   admin makes a user of a role; a login first seen at the sign-in is an administrator);
 *   users/{me|id}/application-passwords (list, create, introspect, delete one or all); posts,
 *   media, categories and tags. The posts list takes WordPress's arguments the publishing
 *   lookup sends: `search` (WP_Query's word rules), `after`/`before` (ISO 8601, exclusive),
 *   `status` (a comma list, default publish), `context` (raw fields with `edit`),
 *   `per_page`/`page`, `orderby`/`order`; a create takes `date`/`date_gmt` to backdate a post,
 *   `categories` and `tags` (unknown ids skipped, no category is "Uncategorized") and
 *   `featured_media` (dropped, with a 201, when it is not an image). Uploads take `slug`,
 *   `title`, `alt_text` and `post` as query arguments and are stored under sanitize_file_name's
 *   name, made unique; the media list takes `slug`, `search`, `parent`, `after`, `per_page`
 *   and `order`; POST /media/{id} attaches a file to its post (`post`). GET comments (public:
 *   a visitor and a wrong password see approved ones) with `post`, `status`, `page`,
 *   `per_page`, `context` and `_fields`, its totals in X-WP-Total and X-WP-TotalPages, and
 *   readers' comments under published posts drawn from the engagement model as days pass
 *   (wordpress/comments.ts); POST comments (approved for a moderator and the post's author,
 *   held otherwise).
 * - /wpcom/oauth2/authorize and /wpcom/oauth2/token (WordPress.com OAuth 2.0, the token names
 *   its blog_id and blog_url), /wpcom/wp/v2/sites/{blog}/... with Bearer tokens.
 * - POST /__sandbox/wordpress/revoke: the user revokes every application password from their
 *   profile (a later call answers 401).
 * - POST /__sandbox/wordpress/fail-next: the platform sandbox's fail-next for WordPress's paths,
 *   the same spec (`path`, `failure` or `status`/`body`/`headers`, `delayMs`, `after`) plus an
 *   optional `method` and `user` (the login the call signs in as). With `after` the call is
 *   carried out (the post stored) and only then answered with the failure: the unknown outcome
 *   the publishing lookup is for. `route` matches a REST route however it is reached,
 *   `failure: 'disconnect'` closes the connection unanswered, a string `body` is sent as HTML. (The platform sandbox's /__sandbox/fail-next still works here
 *   without `after`; its `after` marker is private to that module, so this one has its own.)
 * - GET /__sandbox/wordpress/posts (posts and media) and /__sandbox/wordpress/requests: what the sites hold and
 *   what they were asked, newest first (passwords and tokens are never recorded).
 */
export { WORDPRESS_SANDBOX_CLIENT } from './wordpress/wpcom';
export type { WordPressFailSpec } from './wordpress/failures';

/** What the WordPress sandbox keeps across restarts, inside the platform sandbox's state file. */
export interface WordPressSandboxState {
  passwords: [string, ApplicationPassword[]][];
  users: [string, number][];
  roles?: [string, string][];
  posts: [number, Post][];
  comments?: [number, Comment][];
  media: [number, Media][];
  terms?: [number, Term][];
  plainPermalinks?: string[];
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
    roles: trackedMap(saved?.roles ?? [], changed),
    posts: trackedMap(saved?.posts ?? [], changed),
    comments: trackedMap(saved?.comments ?? [], changed),
    media: trackedMap(saved?.media ?? [], changed),
    terms: trackedMap(saved?.terms ?? [], changed),
    plainPermalinks: new Set(saved?.plainPermalinks ?? []),
    wpcomCodes: trackedMap(saved?.wpcomCodes ?? [], changed),
    wpcomTokens: trackedMap(saved?.wpcomTokens ?? [], changed),
    ids: { next: saved?.nextId ?? 100 },
    received: [],
  };
}

/** The sites' controls: fail-next, what they hold and were asked, the revoke, and the permalinks. */
const controlRoutes = (ctx: WordPressContext, failures: WordPressFailSpec[], changed: () => void): Route<Call>[] => [
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
  // Settings → Permalinks: `{"structure": ""}` is Plain, anything else a pretty structure.
  route('POST', '/__sandbox/wordpress/permalinks', async ({ res, text }) => {
    const { structure } = JSON.parse((await text()) || '{}') as { structure?: string };
    if (structure === '') ctx.plainPermalinks.add(ctx.origin());
    else ctx.plainPermalinks.delete(ctx.origin());
    changed();
    return noContent(res);
  }),
];

export function createWordPressSandbox(options: WordPressSandboxOptions) {
  const ctx = wordpressContext(options);
  const failures: WordPressFailSpec[] = [];
  const controls = controlRoutes(ctx, failures, options.changed ?? (() => undefined));
  const routes = [...selfHostedRoutes(ctx), ...wpcomRoutes(ctx)];

  /** Answers the call when it is WordPress's; false otherwise. */
  async function answer(call: Call): Promise<boolean> {
    if (await dispatch(controls, call)) return true;
    const rest = namedRoute(call) !== undefined || call.path.startsWith('/wpcom/');
    if (rest && (await logAndFail(ctx, failures, call))) return true;
    return dispatch(routes, call);
  }

  const state = (): WordPressSandboxState => ({
    passwords: [...ctx.passwords],
    users: [...ctx.users],
    roles: [...ctx.roles],
    posts: [...ctx.posts],
    comments: [...ctx.comments],
    media: [...ctx.media],
    terms: [...ctx.terms],
    plainPermalinks: [...ctx.plainPermalinks],
    wpcomCodes: [...ctx.wpcomCodes],
    wpcomTokens: [...ctx.wpcomTokens],
    nextId: ctx.ids.next,
  });
  return { answer, posts: ctx.posts, media: ctx.media, state };
}
