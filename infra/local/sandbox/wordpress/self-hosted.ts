import { wordpressError } from '../kit/errors';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { escapeHtml, hiddenFields, html, redirect } from '../kit/answers';
import { route, type Call, type Route } from '../kit/router';
import { json, type WordPressContext } from './context';
import { page, WORDPRESS_SANDBOX_SITE_NAME } from './pages';
import { siteRest } from './site-rest';

/**
 * The self-hosted site at the sandbox's root: the REST index, the "Authorize Application" screen
 * (WordPress 5.6+) that issues application passwords, and /wp-json/wp/v2 with Basic auth.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUTHORIZE_FIELDS = ['app_name', 'app_id', 'success_url', 'reject_url'];

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

/** Why an authorization request is refused, or undefined. */
function authorizeProblem(ctx: WordPressContext, params: URLSearchParams) {
  const appId = params.get('app_id') ?? '';
  const success = params.get('success_url') ?? '';
  const reject = params.get('reject_url') ?? '';
  if (!params.get('app_name')) return 'An application name is required.';
  if (appId && !UUID.test(appId)) return 'The application ID must be a UUID.';
  if (!ctx.redirectAllowed(success) || (reject && !ctx.redirectAllowed(reject))) {
    return 'The success and reject URLs must belong to the application.';
  }
  return undefined;
}

const authorizeScreen = (ctx: WordPressContext, params: URLSearchParams) =>
  page(
    'Authorize Application',
    `<h1>Authorize Application</h1>
<p>Would you like to give the application identifying itself as <strong>${escapeHtml(params.get('app_name') ?? '')}</strong> access to your account? You should only do this if you trust the app in question.</p>
<p>You will be sent to <code>${escapeHtml(new URL(params.get('success_url') ?? '').origin)}</code> with your new password.</p>
<form method="post" action="${ctx.origin()}/wp-admin/authorize-application.php">${hiddenFields(AUTHORIZE_FIELDS, params)}
<label for="user_login">Username (sandbox sign-in)</label><input id="user_login" type="text" name="user_login" value="admin">
<div class="row"><button class="primary" name="action" value="approve">Yes, I approve of this connection</button>
<button class="secondary" name="action" value="reject">No, I do not approve of this connection</button></div></form>`,
  );

/** The approval: a 24-character application password (from [A-Za-z0-9]) sent to success_url; a refusal goes to reject_url. */
function approve(ctx: WordPressContext, { res }: Call, params: URLSearchParams) {
  const success = params.get('success_url') ?? '';
  if (params.get('action') !== 'approve') {
    const target = new URL(params.get('reject_url') || success);
    target.searchParams.set('success', 'false');
    return redirect(res, target.href);
  }
  const login = (params.get('user_login') ?? '').trim() || 'admin';
  const password = randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 24);
  const entry = { password, appId: params.get('app_id') ?? '', name: params.get('app_name') ?? '' };
  ctx.passwords.set(login, [...(ctx.passwords.get(login) ?? []), entry]);
  const target = new URL(success);
  target.searchParams.set('site_url', ctx.origin());
  target.searchParams.set('user_login', login);
  target.searchParams.set('password', password);
  return redirect(res, target.href);
}

async function authorizeApplication(ctx: WordPressContext, call: Call) {
  const params = call.method === 'POST' ? await call.form() : call.url.searchParams;
  const problem = authorizeProblem(ctx, params);
  if (problem) return html(call.res, 400, page('Error', `<h1>Error</h1><p>${problem}</p>`));
  if (call.method === 'GET') return html(call.res, 200, authorizeScreen(ctx, params));
  return approve(ctx, call, params);
}

/** Basic auth with an application password (WordPress ignores its spaces). */
function basicUser(ctx: WordPressContext, req: IncomingMessage): { login: string } | 'bad' | undefined {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return undefined;
  const [login = '', ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  const given = rest.join(':').replace(/\s/g, '');
  return ctx.passwords.get(login)?.some((p) => p.password === given) ? { login } : 'bad';
}

function rest(ctx: WordPressContext, call: Call) {
  const user = basicUser(ctx, call.req);
  if (!user) return wordpressError(call.res, 401, 'rest_not_logged_in', 'You are not currently logged in.');
  if (user === 'bad') {
    return wordpressError(
      call.res,
      401,
      'incorrect_password',
      'The provided password is an invalid application password.',
    );
  }
  return siteRest(ctx, { ...call, login: user.login, site: ctx.origin() }, call.path.slice('/wp-json/wp/v2'.length));
}

export const selfHostedRoutes = (ctx: WordPressContext): Route<Call>[] => [
  route('GET', /^\/wp-json\/?$/, (call) => restIndex(ctx, call)),
  route('*', '/wp-admin/authorize-application.php', (call) => authorizeApplication(ctx, call)),
  route('*', /^\/wp-json\/wp\/v2\//, (call) => rest(ctx, call)),
];
