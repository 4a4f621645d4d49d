import { createHash } from 'node:crypto';
import type { SandboxApp } from './consent-page';
import { graphError, linkedinError } from '../kit/errors';
import { overLimit } from '../kit/rate-limit';
import { newToken, type Grant, type Identity, type PlatformCall, type PlatformContext, type Token } from './context';

/** The platforms' tokens: issued by the consent and token routes, checked on every API call. */

/** Meta: short-lived user tokens last about two hours, long-lived ones about 60 days. */
export const SHORT_SECONDS = 3600;
export const LONG_SECONDS = 5_183_944;
/** LinkedIn: access tokens 60 days, refresh tokens a year. */
export const LINKEDIN_ACCESS_SECONDS = 5_184_000;
export const LINKEDIN_REFRESH_SECONDS = 31_536_000;
/** Calls per token per hour before the sandbox answers as a rate-limited platform would. */
const CALLS_PER_HOUR = 600;

/** A token for `identity`, carrying the scopes its consent granted (and a page's id for a page token). */
export function issue(
  ctx: PlatformContext,
  identity: Identity,
  kind: Token['kind'],
  seconds: number,
  from: { scopes?: string[]; pageId?: string } = {},
) {
  const prefix = identity.app === 'linkedin' ? 'AQV' : identity.app === 'threads' ? 'THQ' : 'EAAB';
  const value = newToken(kind === 'refresh' ? 'AQX' : prefix);
  ctx.tokens.set(value, {
    identity,
    kind,
    expires: Date.now() + seconds * 1000,
    ...(from.pageId ? { pageId: from.pageId } : {}),
    ...(from.scopes ? { scopes: from.scopes } : {}),
    calls: { window: 0, count: 0 },
  });
  return value;
}

/** The scopes of a consent's `scope` parameter (Meta and Threads separate them with commas, LinkedIn with spaces). */
export const grantedScopes = (grant: Grant) => grant.scope.split(/[\s,]+/).filter(Boolean);

/** A Bearer (or OAuth) header's token, else the access_token parameter. */
export const bearerOf = ({ req, url }: PlatformCall) =>
  (req.headers.authorization ?? '').replace(/^(Bearer|OAuth) /i, '') || url.searchParams.get('access_token') || '';

/** The token a call carries, or undefined after answering the platform's error for it. */
export function authorize(ctx: PlatformContext, call: PlatformCall, app: SandboxApp): Token | undefined {
  const { res } = call;
  const token = ctx.tokens.get(bearerOf(call));
  const linkedin = app === 'linkedin';
  if (!token || token.identity.app !== app || token.kind === 'refresh') {
    if (linkedin) linkedinError(res, 401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600);
    else graphError(res, 400, 'Invalid OAuth access token - Cannot parse access token', 190);
    return undefined;
  }
  if (token.expires <= Date.now()) {
    if (linkedin) linkedinError(res, 401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65601);
    else graphError(res, 400, 'Error validating access token: Session has expired.', 190, 463);
    return undefined;
  }
  if (overLimit(token, 'window', 3600_000, CALLS_PER_HOUR)) {
    if (linkedin) {
      res.setHeader('retry-after', '3600');
      linkedinError(res, 429, 'TOO_MANY_REQUESTS', 'Member level throttle limit reached.');
    } else graphError(res, 400, '(#17) User request limit reached', 17);
    return undefined;
  }
  return token;
}

/** A single-use code for this app, client and redirect URI (and PKCE verifier, when a challenge was sent). */
export function redeem(
  ctx: PlatformContext,
  app: SandboxApp,
  code: string,
  clientId: string,
  redirectUri: string,
  verifier?: string | null,
): Grant | undefined {
  const grant = ctx.grants.get(code);
  ctx.grants.delete(code);
  if (!grant || grant.identity.app !== app || grant.expires < Date.now() || grant.clientId !== clientId)
    return undefined;
  if (grant.redirectUri !== redirectUri) return undefined;
  if (grant.codeChallenge) {
    const expected = createHash('sha256')
      .update(verifier ?? '')
      .digest('base64url');
    if (expected !== grant.codeChallenge) return undefined;
  }
  return grant;
}
