import type { FailSpecOf } from '../kit/answers';
import { wordpressError } from '../kit/errors';
import type { ServerResponse } from 'node:http';
import type { Call } from '../kit/router';
import { failAfter, json, type WordPressContext } from './context';

/**
 * POST /__sandbox/wordpress/fail-next: the platform sandbox's fail-next for WordPress's paths,
 * with WordPress-shaped failures, and the sites' own request log (GET /__sandbox/wordpress/requests).
 */

/** As the platform sandbox's FailSpec; `failure` names the WordPress-shaped answers below. */
type Failure = 'rate-limit' | 'server-error' | 'timeout';
export interface WordPressFailSpec extends FailSpecOf<Failure> {
  method?: string;
  /** Only calls signed in as this login: tests sharing the one sandbox site keep their failures apart. */
  user?: string;
}

/** The log keeps the last 200 calls. */
const KEPT = 200;

/**
 * A failure as WordPress sites give them: core has no rate limit, so a 429 is the host's (with
 * Retry-After); a 500 is WordPress's fatal-error handler; a timeout is a gateway giving up.
 */
function answerFailure(res: ServerResponse, spec: WordPressFailSpec) {
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
  return json(res, spec.status ?? 500, spec.body ?? {}, spec.headers);
}

/** Who a call says it is (Basic login or WordPress.com token), unchecked: for fail-next and the log only. */
function callerLogin(ctx: WordPressContext, { req }: Call): string | undefined {
  const header = req.headers.authorization ?? '';
  if (header.startsWith('Basic ')) return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
  return ctx.wpcomTokens.get(header.replace(/^Bearer /, ''))?.login;
}

/** Logs a REST call once answered and applies the failure waiting for it: true when the failure answered it. */
export async function logAndFail(ctx: WordPressContext, failures: WordPressFailSpec[], call: Call): Promise<boolean> {
  const { res, url, path, method } = call;
  const user = callerLogin(ctx, call);
  res.on('finish', () => {
    const query = Object.fromEntries([...url.searchParams].map(([k, v]) => [k, v.slice(0, 200)]));
    ctx.received.push({ at: new Date().toISOString(), method, path, user, query, status: res.statusCode });
    if (ctx.received.length > KEPT) ctx.received.shift();
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
  return false;
}
