import type { ServerResponse } from 'node:http';
import { jsonAnswer, JSON_UTF8, type FailSpecOf, type PendingFailures } from '../kit/answers';
import { graphError, linkedinError, oauthError } from '../kit/errors';
import type { PlatformCall, PlatformContext, Token } from './context';
import { bearerOf } from './tokens';

/**
 * Failures on demand (POST /__sandbox/fail-next) and the request log, for every path of the
 * platform sandbox: the next call under a path fails as the platform owning it documents it.
 */

/** container-error is not an answer: the next container created under the path ends in ERROR. */
type Failure = 'rate-limit' | 'server-error' | 'timeout' | 'token-expired' | 'container-error';
export type FailSpec = FailSpecOf<Failure>;

/** Answers that must turn into a failure once the call has been carried out (FailSpec.after). */
export const failAfter: PendingFailures = new WeakMap();
/** The platform routes' JSON answer: a success gives way to a pending `after` failure. */
export const json = jsonAnswer(JSON_UTF8, failAfter);

/** Which platform a path belongs to, by its host prefix (WordPress sites live at the root). */
export function platformOf(path: string): 'meta' | 'threads' | 'linkedin' | 'wordpress' | 'google' | undefined {
  if (path.startsWith('/facebook-www/') || path.startsWith('/graph/')) return 'meta';
  if (path.startsWith('/threads-www/') || path.startsWith('/threads-api/')) return 'threads';
  if (path.startsWith('/linkedin-www/') || path.startsWith('/linkedin-api/')) return 'linkedin';
  if (path.startsWith('/wp-json/') || path.startsWith('/wpcom/') || path.startsWith('/wp-admin/')) return 'wordpress';
  if (path.startsWith('/google-')) return 'google';
  return undefined;
}

const GRAPH_RATE_LIMIT_USAGE = {
  'x-business-use-case-usage': JSON.stringify({
    '2000001': [
      { type: 'pages', call_count: 100, total_cputime: 30, total_time: 40, estimated_time_to_regain_access: 12 },
    ],
  }),
};

/** A failure on demand, answered the way the platform owning `path` documents it. */
function answerFailure(res: ServerResponse, path: string, failure: Failure) {
  const linkedin = platformOf(path) === 'linkedin';
  switch (failure) {
    case 'rate-limit':
      if (!linkedin)
        return graphError(res, 400, '(#4) Application request limit reached', 4, undefined, GRAPH_RATE_LIMIT_USAGE);
      res.setHeader('retry-after', '120');
      return linkedinError(
        res,
        429,
        'TOO_MANY_REQUESTS',
        'Resource level throttle limit for calls to this resource is reached.',
      );
    case 'server-error':
      if (linkedin) return linkedinError(res, 500, 'INTERNAL_SERVER_ERROR', 'Internal Server Error');
      return graphError(res, 500, 'An unknown error has occurred.', 1);
    case 'token-expired':
      if (!linkedin) return graphError(res, 400, 'Error validating access token: Session has expired.', 190, 463);
      if (path.includes('/oauth/')) {
        return oauthError(
          res,
          400,
          'invalid_grant',
          'The provided authorization grant or refresh token is invalid, expired or revoked.',
        );
      }
      return linkedinError(res, 401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65601);
    case 'timeout':
    case 'container-error':
      return undefined;
  }
}

/**
 * A path with Graph's version left out: a failure asked for under `/graph/v21.0/...` applies to
 * the same call under whichever version the clients speak, so a test need not follow each move.
 */
const versionless = (path: string) => path.replace(/^\/graph\/v\d+\.\d+(?=\/|$)/, '/graph/v');

/** Takes the container-error waiting for the call's path (and its token's account, when one was named), if any. */
export function takeContainerError(ctx: PlatformContext, call: { path: string; token: Token }): boolean {
  const at = ctx.failures.findIndex(
    (f) =>
      f.failure === 'container-error' &&
      versionless(call.path) === versionless(f.path) &&
      (f.account === undefined || f.account === call.token.identity.name),
  );
  return at >= 0 ? !!ctx.failures.splice(at, 1).length : false;
}

/** Who a call is made as, besides the platforms' own tokens: Google's are kept by its sandbox (google-apis-sandbox.ts). */
export type AccountOf = (call: PlatformCall) => string | undefined;

/**
 * The account a call is made for (the name typed on the consent page): its token's, or at a
 * token endpoint, which takes no Bearer, the account of the code or token it trades in (a
 * connect's code exchange, a refresh), so a failure asked for one account's connect or refresh
 * leaves another file's alone.
 */
async function accountOf(ctx: PlatformContext, call: PlatformCall, elsewhere: AccountOf): Promise<string | undefined> {
  const token = ctx.tokens.get(bearerOf(call));
  if (token) return token.identity.name;
  const other = elsewhere(call);
  if (other !== undefined) return other;
  const form =
    call.method === 'POST' && /x-www-form-urlencoded/.test(call.req.headers['content-type'] ?? '')
      ? await call.form()
      : undefined;
  const param = (name: string) => call.url.searchParams.get(name) ?? form?.get(name) ?? '';
  const traded = ctx.tokens.get(param('refresh_token') || param('fb_exchange_token'));
  return ctx.grants.get(param('code'))?.identity.name ?? traded?.identity.name;
}

/**
 * Applies the failure waiting for the call's path, if any: true when it answered the call.
 * With `after` the failure waits for the route's success; a delay (or a timeout) waits first.
 */
export async function applyFailure(
  ctx: PlatformContext,
  call: PlatformCall,
  elsewhere: AccountOf = () => undefined,
): Promise<boolean> {
  const { res } = call;
  const path = versionless(call.path);
  const underPath = (f: FailSpec) => {
    const failing = versionless(f.path);
    return f.failure !== 'container-error' && (path === failing || path.startsWith(`${failing}/`));
  };
  const body = ctx.failures.some((f) => underPath(f) && f.bodyIncludes) ? await call.text() : '';
  const account = ctx.failures.some((f) => underPath(f) && f.account !== undefined)
    ? await accountOf(ctx, call, elsewhere)
    : undefined;
  const at = ctx.failures.findIndex(
    (f) =>
      underPath(f) &&
      (!f.bodyIncludes || body.includes(f.bodyIncludes)) &&
      (f.account === undefined || f.account === account),
  );
  if (at < 0) return false;
  const [spec] = ctx.failures.splice(at, 1);
  if (!spec) return false;
  if (spec.after) {
    const fail = () =>
      spec.failure
        ? answerFailure(res, call.path, spec.failure)
        : json(res, spec.status ?? 500, spec.body ?? {}, spec.headers);
    // With a delay too, the call is carried out and its answer hangs: a power cut can come
    // between the platform making the post and the caller hearing of it.
    failAfter.set(res, spec.delayMs ? () => void setTimeout(fail, spec.delayMs) : fail);
    return false;
  }
  if (spec.failure === 'timeout' || spec.delayMs) {
    await new Promise((r) => setTimeout(r, spec.delayMs ?? 30_000));
    if (spec.failure !== 'timeout') return false;
    res.writeHead(504).end();
    return true;
  }
  if (spec.failure) answerFailure(res, call.path, spec.failure);
  else json(res, spec.status ?? 500, spec.body ?? {}, spec.headers);
  return true;
}
