import type { FailSpecOf } from '../kit/answers';
import { wordpressError } from '../kit/errors';
import type { Call } from '../kit/router';
import { failAfter, json, type WordPressContext } from './context';

/**
 * POST /__sandbox/wordpress/fail-next: the platform sandbox's fail-next for WordPress's paths,
 * with WordPress-shaped failures, and the sites' own request log (GET /__sandbox/wordpress/requests).
 * The same spec drives the proxy in front of the real WordPress in the tests
 * (tests/support/real-wordpress-proxy.ts), so one scenario tries both alike.
 */

/** As the platform sandbox's FailSpec; `failure` names the WordPress-shaped answers below. */
type Failure = 'rate-limit' | 'server-error' | 'timeout' | 'disconnect';
export interface WordPressFailSpec extends Omit<FailSpecOf<Failure>, 'path'> {
  /** A URL path (`/wp-json/wp/v2/posts`): the call's path is it or below it. */
  path?: string;
  /** A REST route (`/wp/v2/posts`), wherever the site serves it: `/wp-json/…` or `?rest_route=…`. */
  route?: string;
  method?: string;
  /** Only calls signed in as this login: tests sharing the one sandbox site keep their failures apart. */
  user?: string;
}

/** The log keeps the last calls: every file of a test run shares the runtime's site. */
const KEPT = 1000;

/**
 * A failure as WordPress sites give them: core has no rate limit, so a 429 is the host's (with
 * Retry-After); a 500 is WordPress's fatal-error handler; a timeout is a gateway giving up; a
 * disconnect is a connection closed with no answer; a string body is a web server's own page.
 */
function answerFailure(call: Call, spec: WordPressFailSpec) {
  const { res } = call;
  if (spec.failure === 'rate-limit') {
    return wordpressError(res, 429, 'rest_too_many_requests', 'Too many requests. Please slow down.', {
      'retry-after': '1',
      ...spec.headers,
    });
  }
  if (spec.failure === 'server-error') {
    return wordpressError(res, 500, 'internal_server_error', '<p>There has been a critical error on this website.</p>');
  }
  if (spec.failure === 'timeout') {
    setTimeout(() => res.writeHead(504).end(), spec.delayMs ?? 30_000);
    return res;
  }
  if (spec.failure === 'disconnect') {
    call.req.socket.destroy();
    return res;
  }
  if (typeof spec.body === 'string') {
    return res
      .writeHead(spec.status ?? 500, { 'content-type': 'text/html; charset=UTF-8', ...spec.headers })
      .end(spec.body);
  }
  return json(res, spec.status ?? 500, spec.body ?? {}, spec.headers);
}

/** Who a call says it is (Basic login or WordPress.com token), unchecked: for fail-next and the log only. */
function callerLogin(ctx: WordPressContext, { req }: Call): string | undefined {
  const header = req.headers.authorization ?? '';
  if (header.startsWith('Basic ')) return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
  return ctx.wpcomTokens.get(header.replace(/^Bearer /, ''))?.login;
}

const under = (value: string | undefined, prefix: string) =>
  value !== undefined && (value === prefix || value.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));

/** The REST route a URL names, however the permalinks serve it (for fail-next and the log). */
export function namedRoute(call: Call): string | undefined {
  const query = call.url.searchParams.get('rest_route');
  if (query !== null) return query || '/';
  if (call.path === '/wp-json' || call.path.startsWith('/wp-json/')) return call.path.slice('/wp-json'.length) || '/';
  return undefined;
}

/** Logs a REST call once answered and applies the failure waiting for it: true when the failure answered it. */
export async function logAndFail(ctx: WordPressContext, failures: WordPressFailSpec[], call: Call): Promise<boolean> {
  const { res, url, path, method } = call;
  const user = callerLogin(ctx, call);
  const route = namedRoute(call);
  const log = () => {
    const query = Object.fromEntries([...url.searchParams].map(([k, v]) => [k, v.slice(0, 200)]));
    ctx.received.push({
      at: new Date().toISOString(),
      method,
      path,
      route,
      user,
      query,
      status: res.writableFinished ? res.statusCode : 0,
    });
    if (ctx.received.length > KEPT) ctx.received.shift();
  };
  res.on('close', log);
  const at = failures.findIndex(
    (f) =>
      (!f.path || under(path, f.path)) &&
      (!f.route || under(route, f.route)) &&
      (!f.method || f.method.toUpperCase() === method) &&
      (!f.user || f.user === user),
  );
  const spec = at >= 0 ? failures.splice(at, 1)[0] : undefined;
  if (spec?.after) failAfter.set(res, () => answerFailure(call, spec));
  else if (spec?.delayMs && spec.failure !== 'timeout') await new Promise((r) => setTimeout(r, spec.delayMs));
  else if (spec) {
    await call.raw();
    answerFailure(call, spec);
    return true;
  }
  return false;
}
