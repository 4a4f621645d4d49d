import { randomBytes } from 'node:crypto';
import { consentPage, type SandboxApp } from './consent-page';
import { html, json, redirect } from '../kit/answers';
import { route, type Route } from '../kit/router';
import { stableId, type PlatformCall, type PlatformContext } from './context';

/**
 * The platforms' consent dialogs (Meta's, Threads', LinkedIn's) and their approval, which
 * redirects back with a code (or the platform's refusal) and keeps the grant the token routes redeem.
 */
function showConsent(ctx: PlatformContext, { res, url }: PlatformCall, app: SandboxApp) {
  const redirectUri = url.searchParams.get('redirect_uri') ?? '';
  if (url.searchParams.get('client_id') !== ctx.clients[app].clientId) {
    return html(res, 400, '<h1>Invalid App ID</h1>', 'text/html');
  }
  if (!ctx.redirectAllowed(redirectUri)) {
    return html(
      res,
      400,
      "<h1>URL blocked</h1><p>This redirect failed because the redirect URI is not whitelisted in the app's settings.</p>",
      'text/html',
    );
  }
  return html(res, 200, consentPage(app, url.searchParams, `${ctx.origin()}/__sandbox/approve/${app}`));
}

/** The redirect's query when the user cancels, as each platform sends it. */
function refuse(app: SandboxApp, target: URL) {
  if (app === 'linkedin') {
    target.searchParams.set('error', 'user_cancelled_authorize');
    target.searchParams.set('error_description', 'The user cancelled the authorization');
  } else {
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_reason', 'user_denied');
    target.searchParams.set('error_description', 'Permissions error');
  }
}

async function approve(ctx: PlatformContext, call: PlatformCall, app: SandboxApp) {
  const form = await call.form();
  const redirectUri = form.get('redirect_uri') ?? '';
  if (!ctx.redirectAllowed(redirectUri)) return json(call.res, 400, { error: 'redirect_uri_mismatch' });
  const target = new URL(redirectUri);
  if (form.get('decision') !== 'allow') refuse(app, target);
  else {
    const name = (form.get('name') ?? '').trim() || 'Sandy Box';
    const code = randomBytes(16).toString('base64url');
    const pages = app === 'facebook' && form.get('pages_asked') ? { pages: form.getAll('page') } : {};
    ctx.grants.set(code, {
      identity: { app, name, id: stableId(`${app}:${name}`, app === 'linkedin' ? 10 : 16), ...pages },
      redirectUri,
      clientId: form.get('client_id') ?? '',
      codeChallenge: form.get('code_challenge') || undefined,
      scope: form.get('scope') ?? '',
      expires: Date.now() + 10 * 60_000,
    });
    target.searchParams.set('code', code);
  }
  target.searchParams.set('state', form.get('state') ?? '');
  return redirect(call.res, target.href);
}

export const consentRoutes = (ctx: PlatformContext): Route<PlatformCall>[] => [
  route('GET', /^\/facebook-www\/v[\d.]+\/dialog\/oauth$/, (call) => showConsent(ctx, call, 'facebook')),
  route('GET', '/threads-www/oauth/authorize', (call) => showConsent(ctx, call, 'threads')),
  route('GET', '/linkedin-www/oauth/v2/authorization', (call) => showConsent(ctx, call, 'linkedin')),
  route('POST', /^\/__sandbox\/approve\/(facebook|threads|linkedin)$/, (call, [app]) =>
    approve(ctx, call, app as SandboxApp),
  ),
];
