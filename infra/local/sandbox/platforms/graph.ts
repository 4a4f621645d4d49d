import { graphError } from '../kit/errors';
import { dispatch, route, type Route } from '../kit/router';
import type { PlatformCall, PlatformContext, Token } from './context';
import { graphVersionRefusal } from './rules';
import { authorize } from './tokens';

/**
 * Meta's Graph API under /graph/{version}/: a live version (rules.ts), the token exchange, then
 * every other call with a user or page token (checked and counted first), routed on the path
 * after the version.
 */
export interface GraphCall extends PlatformCall {
  /** The path after /graph/{version}/. */
  rest: string;
  token: Token;
  /** A parameter from the query, else from the form body. */
  param: (name: string) => string | null;
  /** The body of a POST as a form; empty otherwise. */
  body: URLSearchParams;
}

export const unknownPath = (call: GraphCall) =>
  graphError(call.res, 400, `Unknown path components: /${call.rest}`, 2500);

/** Graph's routes: `tokenRoute` answers without a token, `routes` (on the path after the version) with one. */
export function graphRoute(
  ctx: PlatformContext,
  tokenRoute: (call: PlatformCall) => unknown,
  routes: Route<GraphCall>[],
): Route<PlatformCall> {
  return route('*', /^\/graph\/(v[\d.]+)\/(.+)$/, async (call, [version = '', rest = '']) => {
    const expired = graphVersionRefusal(version);
    if (expired) return graphError(call.res, 400, expired, 12);
    if (rest === 'oauth/access_token' && call.method === 'GET') return tokenRoute(call);
    const token = authorize(ctx, call, 'facebook');
    if (!token) return;
    const body = call.method === 'POST' ? await call.form() : new URLSearchParams();
    const graph: GraphCall = {
      ...call,
      rest,
      token,
      body,
      param: (name) => call.url.searchParams.get(name) ?? body.get(name),
    };
    if (!(await dispatch(routes, graph, rest))) unknownPath(graph);
  });
}
