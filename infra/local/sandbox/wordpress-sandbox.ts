import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { trackedMap } from './sandbox-store';

/**
 * A loopback WordPress site at the sandbox's root, and WordPress.com under /wpcom: the subset
 * functions/core/integrations/wordpress-client.ts calls, with WordPress's documented shapes.
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
export const WORDPRESS_SANDBOX_CLIENT = { clientId: 'sandbox-wpcom-client', clientSecret: 'sandbox-wpcom-secret' };
export const WORDPRESS_SANDBOX_SITE_NAME = 'Sandbox Blog';

interface Post {
  id: number;
  /** When it was made (or the `date_gmt` a create gave), ms since the epoch. */
  date: number;
  title: string;
  content: string;
  status: string;
  featured_media: number;
  author: number;
  site: string;
}
interface Media {
  id: number;
  /** The name it is stored under: sanitised, with -1, -2… when the site already has it. */
  stored: string;
  mime: string;
  bytes: number;
  date: number;
  site: string;
}

/** WordPress's sanitize_file_name, in short: whitespace to dashes, unsafe characters dropped. */
const sanitizeFileName = (name: string) =>
  name
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/-{2,}/g, '-') || 'unnamed-file';

/** As the platform sandbox's FailSpec; `failure` names the WordPress-shaped answers below. */
type Failure = 'rate-limit' | 'server-error' | 'timeout';
export interface WordPressFailSpec {
  path: string;
  method?: string;
  /** Only calls signed in as this login: tests sharing the one sandbox site keep their failures apart. */
  user?: string;
  failure?: Failure;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Carry the call out, then answer the failure instead of its success. */
  after?: boolean;
}

/** Answers that must turn into a failure once the call has been carried out (`after`). */
const failAfter = new WeakMap<ServerResponse, () => unknown>();

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const fail = failAfter.get(res);
  if (fail && status < 300) {
    failAfter.delete(res);
    return fail();
  }
  return res
    .writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
    .end(JSON.stringify(body));
};
const wpError = (res: ServerResponse, status: number, code: string, message: string, headers = {}) =>
  json(res, status, { code, message, data: { status } }, headers);

/**
 * A failure as WordPress sites give them: core has no rate limit, so a 429 is the host's (with
 * Retry-After); a 500 is WordPress's fatal-error handler; a timeout is a gateway giving up.
 */
function answerFailure(res: ServerResponse, spec: WordPressFailSpec) {
  if (spec.failure === 'rate-limit') {
    return wpError(res, 429, 'rest_too_many_requests', 'Too many requests. Please slow down.', {
      'retry-after': '1',
      ...spec.headers,
    });
  }
  if (spec.failure === 'server-error') {
    return wpError(res, 500, 'internal_server_error', '<p>There has been a critical error on this website.</p>');
  }
  if (spec.failure === 'timeout') {
    setTimeout(() => res.writeHead(504).end(), spec.delayMs ?? 30_000);
    return res;
  }
  return json(res, spec.status ?? 500, spec.body ?? {}, spec.headers);
}

/** WordPress's own search stopwords (WP_Query::get_search_stopwords, English). */
const STOPWORDS = new Set(
  'about an are as at be by com for from how in is it of on or that the this to was what when where who will with www'.split(
    ' ',
  ),
);

/**
 * WP_Query's `s`: the string split at spaces, commas, plus signs and quotes ("quoted phrases"
 * kept), single letters and stopwords dropped, more than nine terms searched as one phrase;
 * every term must be in the title or content (WordPress also reads the excerpt, which the
 * sandbox does not keep; a leading `-` excludes a term), case-insensitively.
 */
function searchMatcher(s: string): (post: Post) => boolean {
  const found = s.match(/".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g) ?? [];
  let terms = found
    .map((t) => (/^".+"$/.test(t) ? t.slice(1, -1) : t.replace(/^["' ]+|["' ]+$/g, '')))
    .filter((t) => t && !(t.length === 1 && /^[a-z-]$/i.test(t)) && !STOPWORDS.has(t.toLowerCase()));
  if (!terms.length || terms.length > 9) terms = [s];
  return (post) =>
    terms.every((term) => {
      const exclude = term.length > 1 && term.startsWith('-');
      const word = (exclude ? term.slice(1) : term).toLowerCase();
      const hit = [post.title, post.content].some((field) => field.toLowerCase().includes(word));
      return exclude ? !hit : hit;
    });
}

/** WordPress's dates: `2024-05-01T10:00:00`, no zone (the sandbox site's time zone is UTC). */
const wpDate = (ms: number) => new Date(ms).toISOString().slice(0, 19);
/** An ISO 8601 argument as rest_parse_date reads it: a zone-less time is the site's (UTC). */
const parseWpDate = (value: string) => {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?$/i.test(value)) return undefined;
  const ms = Date.parse(/(Z|[+-]\d\d:\d\d)$/i.test(value) ? value : `${value}Z`);
  return Number.isNaN(ms) ? undefined : ms;
};
const POST_STATUSES = new Set(['publish', 'future', 'draft', 'pending', 'private', 'trash', 'any']);
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** WordPress's own page style, kept small: the screen a site owner sees when they approve us. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} ‹ ${WORDPRESS_SANDBOX_SITE_NAME} — WordPress (sandbox)</title>
<style>body{font-family:-apple-system,system-ui,sans-serif;background:#f0f0f1;margin:0;color:#1d2327}
header{background:#1d2327;color:#fff;padding:8px 16px;font-size:13px}main{max-width:560px;margin:40px auto;background:#fff;border:1px solid #c3c4c7;padding:24px 28px}
h1{font-size:23px;font-weight:400;margin:0 0 16px}p{font-size:14px;line-height:1.5}label{display:block;font-size:14px;margin:12px 0 4px}
input[type=text]{width:100%;box-sizing:border-box;padding:6px 8px;border:1px solid #8c8f94;border-radius:4px;font-size:14px}
.row{display:flex;gap:8px;margin-top:20px;flex-wrap:wrap}button{padding:8px 14px;border-radius:3px;font-size:14px;cursor:pointer}
.primary{background:#2271b1;border:1px solid #2271b1;color:#fff}.secondary{background:#f6f7f7;border:1px solid #2271b1;color:#2271b1}
code{font-size:13px}</style></head><body><header>${WORDPRESS_SANDBOX_SITE_NAME} (WordPress sandbox)</header><main>${body}</main></body></html>`;
}

/** What the WordPress sandbox keeps across restarts, inside the platform sandbox's state file. */
export interface WordPressSandboxState {
  passwords: [string, { password: string; appId: string; name: string }[]][];
  users: [string, number][];
  posts: [number, Post][];
  media: [number, Media][];
  wpcomCodes: [string, { blog: string; redirectUri: string; login: string; expires: number }][];
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

export function createWordPressSandbox(options: WordPressSandboxOptions) {
  const changed = options.changed ?? (() => undefined);
  const saved = options.saved;
  /** Application passwords by user login: WordPress keeps several per user, grouped by app_id. */
  const passwords = trackedMap(saved?.passwords ?? [], changed);
  const users = trackedMap(saved?.users ?? [], changed);
  const posts = trackedMap(saved?.posts ?? [], changed);
  const media = trackedMap(saved?.media ?? [], changed);
  const wpcomCodes = trackedMap(saved?.wpcomCodes ?? [], changed);
  const wpcomTokens = trackedMap(saved?.wpcomTokens ?? [], changed);
  const failures: WordPressFailSpec[] = [];
  const received: {
    at: string;
    method: string;
    path: string;
    user?: string;
    query: Record<string, string>;
    status: number;
  }[] = [];
  let nextId = saved?.nextId ?? 100;

  const userId = (login: string) => {
    if (!users.has(login)) users.set(login, users.size + 1);
    return users.get(login) ?? 1;
  };
  const blogId = (blog: string) =>
    String(100_000_000 + (parseInt(createHash('sha256').update(blog).digest('hex').slice(0, 8), 16) % 9_000_000));

  /** Basic auth with an application password (WordPress ignores its spaces). */
  function basicUser(req: IncomingMessage): { login: string } | 'bad' | undefined {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return undefined;
    const [login = '', ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    const given = rest.join(':').replace(/\s/g, '');
    return passwords.get(login)?.some((p) => p.password === given) ? { login } : 'bad';
  }

  /** Who a call says it is (Basic login or WordPress.com token), unchecked: for fail-next and the log only. */
  const callerLogin = (req: IncomingMessage): string | undefined => {
    const header = req.headers.authorization ?? '';
    if (header.startsWith('Basic ')) return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
    return wpcomTokens.get(header.replace(/^Bearer /, ''))?.login;
  };

  /** The REST routes shared by the self-hosted site and WordPress.com's sites/{blog}. */
  async function rest(req: IncomingMessage, res: ServerResponse, url: URL, route: string, login: string, site: string) {
    const method = req.method ?? 'GET';
    if (route === '/users/me' && method === 'GET') {
      return json(res, 200, { id: userId(login), name: login === 'admin' ? 'Site Admin' : login, slug: login });
    }
    if (route === '/media' && method === 'POST') {
      const disposition = req.headers['content-disposition'] ?? '';
      const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1];
      if (!filename) {
        return wpError(res, 400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.');
      }
      const body = await readRaw(req);
      if (!body.length) return wpError(res, 400, 'rest_upload_no_data', 'No data supplied.');
      const mime = req.headers['content-type'] ?? 'application/octet-stream';
      if (!/^(image|video)\//.test(mime)) {
        return wpError(res, 500, 'rest_upload_sideload_error', 'Sorry, you are not allowed to upload this file type.');
      }
      const id = nextId++;
      const stored = uniqueFileName(site, sanitizeFileName(filename));
      const item: Media = { id, stored, mime, bytes: body.length, date: Date.now(), site };
      media.set(id, item);
      return json(res, 201, mediaBody(item));
    }
    if (route === '/media' && method === 'GET') return listMedia(res, url, site);
    if (route === '/posts' && method === 'POST') {
      let body: {
        title?: string;
        content?: string;
        status?: string;
        featured_media?: number;
        date?: string;
        date_gmt?: string;
      };
      try {
        body = JSON.parse((await readRaw(req)).toString('utf8') || '{}') as typeof body;
      } catch {
        return wpError(res, 400, 'rest_invalid_json', 'Invalid JSON body passed.');
      }
      if (!body.title && !body.content) {
        return wpError(res, 400, 'empty_content', 'Content, title, and excerpt are empty.');
      }
      if (body.featured_media && !media.has(body.featured_media)) {
        return wpError(res, 400, 'rest_invalid_featured_media', 'Invalid featured media ID.');
      }
      const given = body.date_gmt ?? body.date;
      const date = given === undefined ? Date.now() : parseWpDate(given);
      if (date === undefined) return wpError(res, 400, 'rest_invalid_param', 'Invalid parameter(s): date');
      const id = nextId++;
      const post: Post = {
        id,
        date,
        title: body.title ?? '',
        content: body.content ?? '',
        status: body.status ?? 'draft',
        featured_media: body.featured_media ?? 0,
        author: userId(login),
        site,
      };
      posts.set(id, post);
      return json(res, 201, postBody(post));
    }
    const one = /^\/posts\/(\d+)$/.exec(route)?.[1];
    if (one && method === 'GET') {
      const post = posts.get(Number(one));
      return post ? json(res, 200, postBody(post)) : wpError(res, 404, 'rest_post_invalid_id', 'Invalid post ID.');
    }
    if (route === '/posts' && method === 'GET') return listPosts(res, url, site);
    return wpError(res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }
  /** A post as the REST API shows it; `raw` fields are for `context=edit` (single reads keep them, as before). */
  const postBody = (p: Post, edit = true) => ({
    id: p.id,
    date: wpDate(p.date),
    date_gmt: wpDate(p.date),
    link: `${p.site}/?p=${p.id}`,
    status: p.status,
    author: p.author,
    featured_media: p.featured_media,
    title: edit ? { raw: p.title, rendered: escape(p.title) } : { rendered: escape(p.title) },
    content: edit
      ? { raw: p.content, rendered: p.content, protected: false }
      : { rendered: p.content, protected: false },
  });

  /** wp_unique_filename: a name the site already has gets -1, -2… before its extension. */
  function uniqueFileName(site: string, name: string): string {
    const taken = new Set([...media.values()].filter((m) => m.site === site).map((m) => m.stored.toLowerCase()));
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${ext}`;
    return candidate;
  }

  const mediaBody = (m: Media) => {
    const title = m.stored.replace(/\.[^.]*$/, '');
    return {
      id: m.id,
      date: wpDate(m.date),
      date_gmt: wpDate(m.date),
      media_type: m.mime.startsWith('image/') ? 'image' : 'file',
      mime_type: m.mime,
      post: 0,
      title: { rendered: escape(title) },
      source_url: `${m.site}/wp-content/uploads/${encodeURIComponent(m.stored)}`,
    };
  };

  /** GET /wp/v2/media: `search` (in the title, which is the stored name's stem), `after`, `per_page`, `orderby`/`order` by date. */
  function listMedia(res: ServerResponse, url: URL, site: string) {
    const q = url.searchParams;
    const invalid = (name: string) => wpError(res, 400, 'rest_invalid_param', `Invalid parameter(s): ${name}`);
    const perPage = Number(q.get('per_page') ?? 10);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) return invalid('per_page');
    const after = q.has('after') ? parseWpDate(q.get('after') ?? '') : undefined;
    if (q.has('after') && after === undefined) return invalid('after');
    const order = q.get('order') ?? 'desc';
    if (!['asc', 'desc'].includes(order)) return invalid('order');
    const search = (q.get('search') ?? '').toLowerCase();
    const found = [...media.values()]
      .filter((m) => m.site === site && (after === undefined || m.date > after))
      .filter((m) => !search || m.stored.toLowerCase().includes(search))
      .sort((a, b) => (order === 'asc' ? 1 : -1) * (a.date - b.date || a.id - b.id));
    return json(res, 200, found.slice(0, perPage).map(mediaBody), { 'x-wp-total': String(found.length) });
  }

  /** GET /wp/v2/posts with WordPress's collection arguments; invalid ones answer rest_invalid_param. */
  function listPosts(res: ServerResponse, url: URL, site: string) {
    const q = url.searchParams;
    const invalid = (name: string) => wpError(res, 400, 'rest_invalid_param', `Invalid parameter(s): ${name}`);
    const perPage = Number(q.get('per_page') ?? 10);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) return invalid('per_page');
    const page = Number(q.get('page') ?? 1);
    if (!Number.isInteger(page) || page < 1) return invalid('page');
    const context = q.get('context') ?? 'view';
    if (!['view', 'embed', 'edit'].includes(context)) return invalid('context');
    const statuses = (q.get('status') ?? 'publish').split(',').map((t) => t.trim());
    if (statuses.some((t) => !POST_STATUSES.has(t))) return invalid('status');
    const after = q.has('after') ? parseWpDate(q.get('after') ?? '') : undefined;
    if (q.has('after') && after === undefined) return invalid('after');
    const before = q.has('before') ? parseWpDate(q.get('before') ?? '') : undefined;
    if (q.has('before') && before === undefined) return invalid('before');
    const orderby = q.get('orderby') ?? 'date';
    if (!['date', 'id', 'title'].includes(orderby)) return invalid('orderby');
    const order = q.get('order') ?? 'desc';
    if (!['asc', 'desc'].includes(order)) return invalid('order');
    const search = q.get('search');
    const matches = search ? searchMatcher(search) : () => true;
    const found = [...posts.values()]
      .filter((p) => p.site === site)
      .filter((p) => (statuses.includes('any') ? p.status !== 'trash' : statuses.includes(p.status)))
      .filter((p) => (after === undefined || p.date > after) && (before === undefined || p.date < before))
      .filter(matches)
      .sort((a, b) => {
        const by =
          orderby === 'title'
            ? a.title.localeCompare(b.title)
            : orderby === 'id'
              ? a.id - b.id
              : a.date - b.date || a.id - b.id;
        return order === 'asc' ? by : -by;
      });
    const pages = Math.ceil(found.length / perPage);
    if (page > Math.max(1, pages)) {
      return wpError(
        res,
        400,
        'rest_post_invalid_page_number',
        'The page number requested is larger than the number of pages available.',
      );
    }
    return json(
      res,
      200,
      found.slice((page - 1) * perPage, page * perPage).map((p) => postBody(p, context === 'edit')),
      { 'x-wp-total': String(found.length), 'x-wp-totalpages': String(pages) },
    );
  }

  /** Answers the request when it is WordPress's; false otherwise. */
  async function answer(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const origin = options.origin();

    if (method === 'POST' && path === '/__sandbox/wordpress/fail-next') {
      failures.push(JSON.parse((await readRaw(req)).toString('utf8')) as WordPressFailSpec);
      res.writeHead(204).end();
      return true;
    }
    if (method === 'GET' && path === '/__sandbox/wordpress/requests') {
      json(res, 200, { requests: [...received].reverse() });
      return true;
    }
    if (method === 'GET' && path === '/__sandbox/wordpress/posts') {
      json(res, 200, {
        posts: [...posts.values()].reverse().map((p) => ({ ...postBody(p), title: p.title, content: p.content })),
        media: [...media.values()].reverse().map(mediaBody),
      });
      return true;
    }
    if (path.startsWith('/wp-json/') || path.startsWith('/wpcom/')) {
      const user = callerLogin(req);
      res.on('finish', () => {
        const query = Object.fromEntries([...url.searchParams].map(([k, v]) => [k, v.slice(0, 200)]));
        received.push({ at: new Date().toISOString(), method, path, user, query, status: res.statusCode });
        if (received.length > 200) received.shift();
      });
      const at = failures.findIndex(
        (f) =>
          (path === f.path || path.startsWith(`${f.path}/`)) &&
          (!f.method || f.method.toUpperCase() === method) &&
          (!f.user || f.user === user),
      );
      const spec = at >= 0 ? failures.splice(at, 1)[0] : undefined;
      if (spec?.after) failAfter.set(res, () => answerFailure(res, spec));
      else if (spec?.delayMs && spec.failure !== 'timeout') await new Promise((r) => setTimeout(r, spec.delayMs));
      else if (spec) {
        answerFailure(res, spec);
        return true;
      }
    }
    if (method === 'POST' && path === '/__sandbox/wordpress/revoke') {
      passwords.clear();
      wpcomTokens.clear();
      res.writeHead(204).end();
      return true;
    }
    if (method === 'GET' && (path === '/wp-json/' || path === '/wp-json')) {
      json(res, 200, {
        name: WORDPRESS_SANDBOX_SITE_NAME,
        description: 'Just another WordPress site',
        url: origin,
        home: origin,
        gmt_offset: 0,
        timezone_string: 'UTC',
        namespaces: ['oembed/1.0', 'wp/v2', 'wp-site-health/v1'],
        authentication: {
          'application-passwords': {
            endpoints: { authorization: `${origin}/wp-admin/authorize-application.php` },
          },
        },
        routes: {},
      });
      return true;
    }
    if (path === '/wp-admin/authorize-application.php') {
      const params = method === 'POST' ? new URLSearchParams((await readRaw(req)).toString('utf8')) : url.searchParams;
      const appName = params.get('app_name') ?? '';
      const appId = params.get('app_id') ?? '';
      const success = params.get('success_url') ?? '';
      const reject = params.get('reject_url') ?? '';
      const problem = !appName
        ? 'An application name is required.'
        : appId && !UUID.test(appId)
          ? 'The application ID must be a UUID.'
          : !options.redirectAllowed(success) || (reject && !options.redirectAllowed(reject))
            ? 'The success and reject URLs must belong to the application.'
            : undefined;
      if (problem) {
        res
          .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
          .end(page('Error', `<h1>Error</h1><p>${problem}</p>`));
        return true;
      }
      if (method === 'GET') {
        const hidden = ['app_name', 'app_id', 'success_url', 'reject_url']
          .map((k) => `<input type="hidden" name="${k}" value="${escape(params.get(k) ?? '')}">`)
          .join('');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
          page(
            'Authorize Application',
            `<h1>Authorize Application</h1>
<p>Would you like to give the application identifying itself as <strong>${escape(appName)}</strong> access to your account? You should only do this if you trust the app in question.</p>
<p>You will be sent to <code>${escape(new URL(success).origin)}</code> with your new password.</p>
<form method="post" action="${origin}/wp-admin/authorize-application.php">${hidden}
<label for="user_login">Username (sandbox sign-in)</label><input id="user_login" type="text" name="user_login" value="admin">
<div class="row"><button class="primary" name="action" value="approve">Yes, I approve of this connection</button>
<button class="secondary" name="action" value="reject">No, I do not approve of this connection</button></div></form>`,
          ),
        );
        return true;
      }
      if (params.get('action') !== 'approve') {
        const target = new URL(reject || success);
        target.searchParams.set('success', 'false');
        res.writeHead(302, { location: target.href }).end();
        return true;
      }
      const login = (params.get('user_login') ?? '').trim() || 'admin';
      // WordPress's application passwords: 24 characters from [A-Za-z0-9].
      const password = randomBytes(18)
        .toString('base64')
        .replace(/[^A-Za-z0-9]/g, 'x')
        .slice(0, 24);
      passwords.set(login, [...(passwords.get(login) ?? []), { password, appId, name: appName }]);
      const target = new URL(success);
      target.searchParams.set('site_url', origin);
      target.searchParams.set('user_login', login);
      target.searchParams.set('password', password);
      res.writeHead(302, { location: target.href }).end();
      return true;
    }
    if (path.startsWith('/wp-json/wp/v2/')) {
      const login = basicUser(req);
      if (!login) {
        wpError(res, 401, 'rest_not_logged_in', 'You are not currently logged in.');
        return true;
      }
      if (login === 'bad') {
        wpError(res, 401, 'incorrect_password', 'The provided password is an invalid application password.');
        return true;
      }
      await rest(req, res, url, path.slice('/wp-json/wp/v2'.length), login.login, origin);
      return true;
    }

    // WordPress.com.
    if (method === 'GET' && path === '/wpcom/oauth2/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== WORDPRESS_SANDBOX_CLIENT.clientId) {
        json(res, 400, { error: 'invalid_client', error_description: 'Unknown client_id.' });
        return true;
      }
      if (!options.redirectAllowed(q.get('redirect_uri') ?? '')) {
        json(res, 400, { error: 'invalid_request', error_description: 'Invalid redirect_uri.' });
        return true;
      }
      const hidden = ['redirect_uri', 'state', 'blog']
        .map((k) => `<input type="hidden" name="${k}" value="${escape(q.get(k) ?? '')}">`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        page(
          'Connect',
          `<h1>WordPress.com sandbox</h1><p>Connect <strong>${escape(q.get('blog') ?? '')}</strong> to the app?</p>
<form method="post" action="${origin}/wpcom/__approve">${hidden}
<label for="login">WordPress.com username</label><input id="login" type="text" name="login" value="sandy">
<div class="row"><button class="primary" name="decision" value="allow">Approve</button><button class="secondary" name="decision" value="deny">Deny</button></div></form>`,
        ),
      );
      return true;
    }
    if (method === 'POST' && path === '/wpcom/__approve') {
      const form = new URLSearchParams((await readRaw(req)).toString('utf8'));
      const redirectUri = form.get('redirect_uri') ?? '';
      if (!options.redirectAllowed(redirectUri)) {
        json(res, 400, { error: 'invalid_request' });
        return true;
      }
      const target = new URL(redirectUri);
      if (form.get('decision') === 'allow') {
        const code = randomBytes(16).toString('base64url');
        wpcomCodes.set(code, {
          blog: form.get('blog') ?? '',
          redirectUri,
          login: form.get('login') || 'sandy',
          expires: Date.now() + 600_000,
        });
        target.searchParams.set('code', code);
      } else target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', form.get('state') ?? '');
      res.writeHead(302, { location: target.href }).end();
      return true;
    }
    if (method === 'POST' && path === '/wpcom/oauth2/token') {
      const form = new URLSearchParams((await readRaw(req)).toString('utf8'));
      if (
        form.get('client_id') !== WORDPRESS_SANDBOX_CLIENT.clientId ||
        form.get('client_secret') !== WORDPRESS_SANDBOX_CLIENT.clientSecret
      ) {
        json(res, 400, { error: 'invalid_client', error_description: 'Unknown client_id.' });
        return true;
      }
      const grant = wpcomCodes.get(form.get('code') ?? '');
      wpcomCodes.delete(form.get('code') ?? '');
      if (!grant || grant.expires < Date.now() || grant.redirectUri !== form.get('redirect_uri')) {
        json(res, 400, { error: 'invalid_grant', error_description: 'Invalid authorization code.' });
        return true;
      }
      const token = randomBytes(32).toString('base64url');
      wpcomTokens.set(token, { blog: grant.blog, login: grant.login });
      json(res, 200, {
        access_token: token,
        token_type: 'bearer',
        blog_id: blogId(grant.blog),
        blog_url: `https://${grant.blog}`,
        scope: 'global',
      });
      return true;
    }
    const site = /^\/wpcom\/wp\/v2\/sites\/(\d+)(\/.*)$/.exec(path);
    if (site) {
      const token = wpcomTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!token || blogId(token.blog) !== site[1]) {
        wpError(res, 401, 'rest_not_logged_in', 'You are not currently logged in.');
        return true;
      }
      await rest(req, res, url, site[2] ?? '', token.login, `https://${token.blog}`);
      return true;
    }
    return false;
  }

  const state = (): WordPressSandboxState => ({
    passwords: [...passwords],
    users: [...users],
    posts: [...posts],
    media: [...media],
    wpcomCodes: [...wpcomCodes],
    wpcomTokens: [...wpcomTokens],
    nextId,
  });
  return { answer, posts, media, state };
}
