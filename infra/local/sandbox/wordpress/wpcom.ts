import { createHash, randomBytes } from 'node:crypto';
import { escapeHtml, hiddenFields, html, redirect } from '../kit/answers';
import { oauthErrorBody, wordpressError } from '../kit/errors';
import { route, type Call, type Route } from '../kit/router';
import { json, type WordPressContext } from './context';
import { page } from './pages';
import { siteRest } from './site-rest';

/**
 * WordPress.com under /wpcom: OAuth 2.0 (authorize, its approval, the token naming the blog's
 * blog_id and blog_url) and /wpcom/wp/v2/sites/{blog}/... with Bearer tokens.
 */
export const WORDPRESS_SANDBOX_CLIENT = { clientId: 'sandbox-wpcom-client', clientSecret: 'sandbox-wpcom-secret' };

const blogId = (blog: string) =>
  String(100_000_000 + (parseInt(createHash('sha256').update(blog).digest('hex').slice(0, 8), 16) % 9_000_000));

function authorize(ctx: WordPressContext, { res, url }: Call) {
  const q = url.searchParams;
  if (q.get('client_id') !== WORDPRESS_SANDBOX_CLIENT.clientId) {
    return json(res, 400, oauthErrorBody('invalid_client', 'Unknown client_id.'));
  }
  if (!ctx.redirectAllowed(q.get('redirect_uri') ?? '')) {
    return json(res, 400, oauthErrorBody('invalid_request', 'Invalid redirect_uri.'));
  }
  return html(
    res,
    200,
    page(
      'Connect',
      `<h1>WordPress.com sandbox</h1><p>Connect <strong>${escapeHtml(q.get('blog') ?? '')}</strong> to the app?</p>
<form method="post" action="${ctx.origin()}/wpcom/__approve">${hiddenFields(['redirect_uri', 'state', 'blog'], q)}
<label for="login">WordPress.com username</label><input id="login" type="text" name="login" value="sandy">
<div class="row"><button class="primary" name="decision" value="allow">Approve</button><button class="secondary" name="decision" value="deny">Deny</button></div></form>`,
    ),
  );
}

async function approve(ctx: WordPressContext, call: Call) {
  const form = await call.form();
  const redirectUri = form.get('redirect_uri') ?? '';
  if (!ctx.redirectAllowed(redirectUri)) return json(call.res, 400, { error: 'invalid_request' });
  const target = new URL(redirectUri);
  if (form.get('decision') === 'allow') {
    const code = randomBytes(16).toString('base64url');
    const login = form.get('login') || 'sandy';
    ctx.wpcomCodes.set(code, { blog: form.get('blog') ?? '', redirectUri, login, expires: Date.now() + 600_000 });
    target.searchParams.set('code', code);
  } else target.searchParams.set('error', 'access_denied');
  target.searchParams.set('state', form.get('state') ?? '');
  return redirect(call.res, target.href);
}

async function token(ctx: WordPressContext, call: Call) {
  const form = await call.form();
  const { clientId, clientSecret } = WORDPRESS_SANDBOX_CLIENT;
  if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
    return json(call.res, 400, oauthErrorBody('invalid_client', 'Unknown client_id.'));
  }
  const grant = ctx.wpcomCodes.get(form.get('code') ?? '');
  ctx.wpcomCodes.delete(form.get('code') ?? '');
  if (!grant || grant.expires < Date.now() || grant.redirectUri !== form.get('redirect_uri')) {
    return json(call.res, 400, oauthErrorBody('invalid_grant', 'Invalid authorization code.'));
  }
  const accessToken = randomBytes(32).toString('base64url');
  ctx.wpcomTokens.set(accessToken, { blog: grant.blog, login: grant.login });
  return json(call.res, 200, {
    access_token: accessToken,
    token_type: 'bearer',
    blog_id: blogId(grant.blog),
    blog_url: `https://${grant.blog}`,
    scope: 'global',
  });
}

function site(ctx: WordPressContext, call: Call, blog: string, subpath: string) {
  const grant = ctx.wpcomTokens.get((call.req.headers.authorization ?? '').replace(/^Bearer /, ''));
  if (!grant || blogId(grant.blog) !== blog) {
    return wordpressError(call.res, 401, 'rest_not_logged_in', 'You are not currently logged in.');
  }
  return siteRest(ctx, { ...call, login: grant.login, site: `https://${grant.blog}` }, subpath);
}

export const wpcomRoutes = (ctx: WordPressContext): Route<Call>[] => [
  route('GET', '/wpcom/oauth2/authorize', (call) => authorize(ctx, call)),
  route('POST', '/wpcom/__approve', (call) => approve(ctx, call)),
  route('POST', '/wpcom/oauth2/token', (call) => token(ctx, call)),
  route('*', /^\/wpcom\/wp\/v2\/sites\/(\d+)(\/.*)$/, (call, [blog = '', subpath = '']) =>
    site(ctx, call, blog, subpath),
  ),
];
