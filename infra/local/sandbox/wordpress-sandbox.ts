import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A loopback WordPress site at the sandbox's root, and WordPress.com under /wpcom: the subset
 * functions/core/integrations/wordpress-client.ts calls, with WordPress's documented shapes.
 *
 * - GET /wp-json/: the REST index, naming the authorize-application page.
 * - /wp-admin/authorize-application.php: the "Authorize Application" screen (WordPress 5.6+);
 *   approving creates a 24-character application password and redirects to success_url with
 *   site_url, user_login and password; refusing redirects to reject_url with success=false.
 * - /wp-json/wp/v2/users/me, posts, media with Basic auth (an application password), errors
 *   as `{code, message, data: {status}}`.
 * - /wpcom/oauth2/authorize and /wpcom/oauth2/token (WordPress.com OAuth 2.0, the token names
 *   its blog_id and blog_url), /wpcom/wp/v2/sites/{blog}/... with Bearer tokens.
 * - POST /__sandbox/wordpress/revoke: the user revokes every application password from their
 *   profile (a later call answers 401).
 */
export const WORDPRESS_SANDBOX_CLIENT = { clientId: 'sandbox-wpcom-client', clientSecret: 'sandbox-wpcom-secret' };
export const WORDPRESS_SANDBOX_SITE_NAME = 'Sandbox Blog';

interface Post {
  id: number;
  title: string;
  content: string;
  status: string;
  featured_media: number;
  author: number;
  site: string;
}
interface Media {
  id: number;
  filename: string;
  mime: string;
  bytes: number;
  site: string;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
const wpError = (res: ServerResponse, status: number, code: string, message: string) =>
  json(res, status, { code, message, data: { status } });
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

export interface WordPressSandboxOptions {
  origin: () => string;
  redirectAllowed: (uri: string) => boolean;
}

export function createWordPressSandbox(options: WordPressSandboxOptions) {
  /** Application passwords by user login: WordPress keeps several per user, grouped by app_id. */
  const passwords = new Map<string, { password: string; appId: string; name: string }[]>();
  const users = new Map<string, number>();
  const posts = new Map<number, Post>();
  const media = new Map<number, Media>();
  const wpcomCodes = new Map<string, { blog: string; redirectUri: string; login: string; expires: number }>();
  const wpcomTokens = new Map<string, { blog: string; login: string }>();
  let nextId = 100;

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

  /** The REST routes shared by the self-hosted site and WordPress.com's sites/{blog}. */
  async function rest(req: IncomingMessage, res: ServerResponse, route: string, login: string, site: string) {
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
      media.set(id, { id, filename, mime, bytes: body.length, site });
      return json(res, 201, {
        id,
        media_type: mime.startsWith('image/') ? 'image' : 'file',
        mime_type: mime,
        source_url: `${site}/wp-content/uploads/${encodeURIComponent(filename)}`,
      });
    }
    if (route === '/posts' && method === 'POST') {
      let body: { title?: string; content?: string; status?: string; featured_media?: number };
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
      const id = nextId++;
      const post: Post = {
        id,
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
    if (route === '/posts' && method === 'GET') {
      return json(
        res,
        200,
        [...posts.values()]
          .filter((p) => p.site === site)
          .reverse()
          .map(postBody),
      );
    }
    return wpError(res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }
  const postBody = (p: Post) => ({
    id: p.id,
    link: `${p.site}/?p=${p.id}`,
    status: p.status,
    author: p.author,
    featured_media: p.featured_media,
    title: { raw: p.title, rendered: escape(p.title) },
    content: { raw: p.content, rendered: p.content, protected: false },
  });

  /** Answers the request when it is WordPress's; false otherwise. */
  async function answer(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const origin = options.origin();

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
      await rest(req, res, path.slice('/wp-json/wp/v2'.length), login.login, origin);
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
      await rest(req, res, site[2] ?? '', token.login, `https://${token.blog}`);
      return true;
    }
    return false;
  }

  return { answer, posts, media };
}
