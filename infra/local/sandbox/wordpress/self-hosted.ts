import type { IncomingMessage } from 'node:http';
import { escapeHtml, html, redirect } from '../kit/answers';
import { wordpressError } from '../kit/errors';
import { route, type Call, type Route } from '../kit/router';
import { apiRoot, json, type ApplicationPassword, type WordPressContext } from './context';
import { page, WORDPRESS_SANDBOX_SITE_NAME } from './pages';
import { addApplicationPassword, siteRest } from './site-rest';

/**
 * The self-hosted site at the sandbox's root: its home page, the REST index, the "Authorize
 * Application" screen (WordPress 5.6+) that issues application passwords, and wp/v2 with Basic
 * auth, wherever the permalinks put it: /wp-json/… with pretty ones, /?rest_route=/… always.
 * With Plain permalinks /wp-json/… is the home page, as on a real site.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every page and API answer of a WordPress site announces where its REST API is. */
const announce = (ctx: WordPressContext, call: Call) =>
  call.res.setHeader('link', `<${apiRoot(ctx, ctx.origin())}>; rel="https://api.w.org/"`);

const restIndex = (ctx: WordPressContext, { res }: Call) => {
  const origin = ctx.origin();
  return json(res, 200, {
    name: WORDPRESS_SANDBOX_SITE_NAME,
    description: 'Just another WordPress site',
    url: origin,
    home: origin,
    gmt_offset: 0,
    timezone_string: 'UTC',
    namespaces: ['oembed/1.0', 'wp/v2', 'wp-site-health/v1'],
    authentication: {
      'application-passwords': { endpoints: { authorization: `${origin}/wp-admin/authorize-application.php` } },
    },
    routes: {},
  });
};

/** The front page (the theme is not played): a web page, not the API. */
const homePage = (call: Call) =>
  html(
    call.res,
    200,
    page(WORDPRESS_SANDBOX_SITE_NAME, `<h1>${WORDPRESS_SANDBOX_SITE_NAME}</h1><p>Just another WordPress site</p>`),
  );

/** Why an authorization request is refused, or undefined (wp_is_authorize_application_password_request_valid). */
function authorizeProblem(ctx: WordPressContext, params: URLSearchParams) {
  const appId = params.get('app_id') ?? '';
  const success = params.get('success_url') ?? '';
  const reject = params.get('reject_url') ?? '';
  if (appId && !UUID.test(appId)) return 'The application ID must be a UUID.';
  if (!ctx.redirectAllowed(success) || (reject && !ctx.redirectAllowed(reject))) {
    return 'The success and reject URLs must belong to the application.';
  }
  return undefined;
}

/** WordPress's no-JavaScript form, field for field, plus the sandbox's sign-in (the login to approve as). */
const authorizeScreen = (ctx: WordPressContext, params: URLSearchParams, error?: string) => {
  const field = (name: string) => escapeHtml(params.get(name) ?? '');
  return page(
    'Authorize Application',
    `<h1>Authorize Application</h1>
${error ? `<div class="notice notice-error"><p>${escapeHtml(error)}</p></div>` : ''}
<p>Would you like to give the application identifying itself as <strong>${field('app_name')}</strong> access to your account? You should only do this if you trust the application in question.</p>
<form method="post" action="${ctx.origin()}/wp-admin/authorize-application.php">
<input type="hidden" name="_wpnonce" value="sandbox">
<input type="hidden" name="action" value="authorize_application_password">
<input type="hidden" name="app_id" value="${field('app_id')}">
<input type="hidden" name="success_url" value="${field('success_url')}">
<input type="hidden" name="reject_url" value="${field('reject_url')}">
<label for="app_name">New Application Password Name</label><input id="app_name" type="text" name="app_name" value="${field('app_name')}" required>
<label for="user_login">Username (sandbox sign-in)</label><input id="user_login" type="text" name="user_login" value="${escapeHtml(params.get('user_login') ?? 'admin')}">
<div class="row"><button class="primary" name="approve" value="Yes, I approve of this connection">Yes, I approve of this connection</button>
<button class="secondary" name="reject" value="No, I do not approve of this connection">No, I do not approve of this connection</button></div></form>`,
  );
};

/** The reject address WordPress uses: the one given, as it is; only without one, success_url with success=false. */
function rejectTarget(params: URLSearchParams) {
  const reject = params.get('reject_url');
  if (reject) return reject;
  const target = new URL(params.get('success_url') ?? '');
  target.searchParams.set('success', 'false');
  return target.href;
}

/**
 * The form's answer. Approving makes a 24-character application password and sends it to
 * success_url with site_url and user_login; a name the user already has is refused on the page
 * itself (WordPress's "Each application name should be unique."), so the user never comes back.
 * Refusing goes to reject_url. The form's old sandbox shape (`action=approve|reject`) still works.
 */
function decide(ctx: WordPressContext, { res }: Call, params: URLSearchParams) {
  const action = params.get('action');
  const approved = action === 'approve' || (action === 'authorize_application_password' && params.has('approve'));
  if (!approved) return redirect(res, rejectTarget(params));
  const name = (params.get('app_name') ?? '').trim();
  if (!name) {
    return html(
      res,
      200,
      authorizeScreen(ctx, params, 'An application name is required to create an application password.'),
    );
  }
  const login = (params.get('user_login') ?? '').trim() || 'admin';
  const made = addApplicationPassword(ctx, login, { name, appId: params.get('app_id') ?? '' });
  if (made === 'duplicate')
    return html(res, 200, authorizeScreen(ctx, params, 'Each application name should be unique.'));
  const success = params.get('success_url');
  if (!success)
    return html(res, 200, authorizeScreen(ctx, params, `Your new password for ${name} is: ${made.password}`));
  const target = new URL(success);
  target.searchParams.set('site_url', ctx.origin());
  target.searchParams.set('user_login', login);
  target.searchParams.set('password', made.password);
  return redirect(res, target.href);
}

async function authorizeApplication(ctx: WordPressContext, call: Call) {
  const params = call.method === 'POST' ? await call.form() : call.url.searchParams;
  const problem = authorizeProblem(ctx, params);
  if (problem) {
    return html(
      call.res,
      500,
      page(
        'Cannot Authorize Application',
        `<h1>Cannot Authorize Application</h1><p>The Authorize Application request is not allowed. ${problem}</p>`,
      ),
    );
  }
  if (call.method === 'GET') return html(call.res, 200, authorizeScreen(ctx, params));
  return decide(ctx, call, params);
}

/** Basic auth with an application password (WordPress ignores its spaces). */
function basicUser(
  ctx: WordPressContext,
  req: IncomingMessage,
): { login: string; password: ApplicationPassword } | 'bad' | undefined {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return undefined;
  const [login = '', ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  const given = rest.join(':').replace(/\s/g, '');
  const password = ctx.passwords.get(login)?.find((p) => p.password === given);
  return password ? { login, password } : 'bad';
}

function rest(ctx: WordPressContext, call: Call, restRoute: string) {
  announce(ctx, call);
  if (restRoute === '/' || restRoute === '') return restIndex(ctx, call);
  if (!restRoute.startsWith('/wp/v2/')) {
    return wordpressError(call.res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }
  const user = basicUser(ctx, call.req);
  const subpath = restRoute.slice('/wp/v2'.length);
  // WordPress 6.1 answers a wrong or revoked application password as it answers none at all:
  // a visitor, who may read the comments list (approved comments) and nothing else here.
  if (!user || user === 'bad') {
    if (call.method === 'GET' && subpath === '/comments') {
      return siteRest(ctx, { ...call, login: '', site: ctx.origin() }, subpath);
    }
    return wordpressError(call.res, 401, 'rest_not_logged_in', 'You are not currently logged in.');
  }
  return siteRest(ctx, { ...call, login: user.login, password: user.password, site: ctx.origin() }, subpath);
}

/** The REST route a call names, where this site's permalinks serve it; undefined for a page. */
function restRouteOf(ctx: WordPressContext, call: Call): string | undefined {
  const query = call.url.searchParams.get('rest_route');
  if (query !== null && (call.path === '/' || call.path === '/index.php')) return query || '/';
  if (ctx.plainPermalinks.has(ctx.origin())) return undefined;
  if (call.path === '/wp-json' || call.path.startsWith('/wp-json/')) return call.path.slice('/wp-json'.length) || '/';
  return undefined;
}

/** A page, not the API: what /wp-json/… is with Plain permalinks (WordPress's front page, 200). */
function pageOrRest(ctx: WordPressContext, call: Call) {
  const restRoute = restRouteOf(ctx, call);
  if (restRoute !== undefined) return rest(ctx, call, restRoute);
  announce(ctx, call);
  return homePage(call);
}

export const selfHostedRoutes = (ctx: WordPressContext): Route<Call>[] => [
  route('*', '/wp-admin/authorize-application.php', (call) => authorizeApplication(ctx, call)),
  route('*', /^\/(index\.php)?$/, (call) => pageOrRest(ctx, call)),
  route('*', /^\/wp-json(\/.*)?$/, (call) => pageOrRest(ctx, call)),
];
