import { z } from 'zod';
import { authorizationUrl, type ClientCredentials } from './platform-client';
import type { PlatformConfig } from '../platform-config';
import { PlatformError, platformError } from './platform-error';
import { fetchPlatform, retryAfterSeconds, type PlatformReply, type PlatformRequest } from './platform-http';

/** The two Google connections: the profile with Search Console, and My Business. */
export type GooglePlatform = 'google' | 'google-my-business';
export const isGooglePlatform = (platform: string): platform is GooglePlatform =>
  platform === 'google' || platform === 'google-my-business';

/** What a Google consent must grant for each connection; Google lets the user untick it. */
export const googleAccessSentence = (platform: GooglePlatform) =>
  `Google did not give us access to ${platform === 'google' ? 'Search Console' : 'your Business Profile'}. Connect again and allow it.`;

/** Search Console's read-only scope and the Business Profile's (the only one it has). */
export const SEARCH_CONSOLE_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly';
export const BUSINESS_SCOPE = 'https://www.googleapis.com/auth/business.manage';
export const PROFILE_SCOPES = 'openid email profile';

/** What a Google connection's secrets open to. */
export const googleTokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string().optional(),
  expiresAt: z.string().optional(),
  /** The scopes the user actually granted (Google lets them untick some). */
  scope: z.string().optional(),
});
export type GoogleTokens = z.infer<typeof googleTokensSchema>;

/**
 * Google's two error shapes: the OAuth endpoints answer `{error, error_description}`
 * (invalid_grant: the refresh token was revoked, expired or the password changed); the APIs
 * answer `{error: {code, message, status}}` (UNAUTHENTICATED 401, PERMISSION_DENIED 403,
 * RESOURCE_EXHAUSTED 429 at 300 requests a minute, with Retry-After when Google sends one).
 */
const googleErrorBody = z.object({
  error: z
    .union([
      z.string(),
      z.object({ code: z.number().optional(), message: z.string().optional(), status: z.string().optional() }),
    ])
    .optional(),
  error_description: z.string().optional(),
});

export function classifyGoogleError(platform: GooglePlatform, answer: PlatformReply): PlatformError {
  // An error body of another shape still classifies, by its status.
  const body = googleErrorBody.safeParse(answer.body).data ?? {};
  const error = body.error;
  const code = typeof error === 'string' ? error : error?.status;
  const words = typeof error === 'string' ? body.error_description : error?.message;
  const detail = `HTTP ${answer.status} ${code ?? ''}: ${words ?? ''}`;
  if (code === 'invalid_grant' || code === 'invalid_token' || code === 'UNAUTHENTICATED' || answer.status === 401) {
    return platformError.expired(platform, detail);
  }
  if (answer.status === 429 || code === 'RESOURCE_EXHAUSTED')
    return platformError.rateLimited(platform, retryAfterSeconds(answer.headers, 60), detail);
  if (answer.status === 403 || code === 'PERMISSION_DENIED') {
    return new PlatformError(platform, 'permission', googleAccessSentence(platform), detail);
  }
  if (answer.status >= 500) return platformError.unavailable(platform, detail);
  return platformError.rejected(platform, detail);
}

const ok = (answer: PlatformReply) => answer.status >= 200 && answer.status < 300;

const tokenAnswer = z.object({
  access_token: z.string().optional(),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});
type TokenAnswer = z.infer<typeof tokenAnswer>;

/** A list's next page, as every Google list answers it. */
const nextPage = { nextPageToken: z.string().optional() };

/**
 * Google's OAuth 2.0 (offline access, PKCE) and the two APIs the apps tab reads: Search
 * Console's sites.list and the Business Profile's accounts.list. Hosts are configuration.
 */
export function googleClient(config: PlatformConfig, platform: GooglePlatform) {
  const send = (url: URL, request: PlatformRequest = {}) =>
    fetchPlatform(url, request, { platform, timeoutMs: config.timeoutMs, keepRefusals: true });
  /** A JSON call that must succeed, its answer read with `schema`; another shape is a PlatformError naming Google. */
  const call = async <S extends z.ZodType>(
    schema: S,
    url: URL,
    request: PlatformRequest = {},
  ): Promise<z.output<S>> => {
    const answer = await send(url, request);
    if (!ok(answer) || answer.body === undefined) throw classifyGoogleError(platform, answer);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).slice(0, 3);
      throw platformError.malformed(platform, `unexpected answer from ${url.pathname}: ${issues.join('; ')}`);
    }
    return parsed.data;
  };
  const tokens = (body: TokenAnswer, previous?: GoogleTokens): GoogleTokens => {
    if (!body.access_token) throw platformError.rejected(platform, 'no access_token');
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? previous?.refreshToken,
      expiresAt: body.expires_in ? new Date(Date.now() + body.expires_in * 1000).toISOString() : undefined,
      scope: body.scope ?? previous?.scope,
    };
  };
  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

  return {
    authorizeUrl(input: {
      creds: ClientCredentials;
      redirectUri: string;
      state: string;
      scope: string;
      codeChallenge: string;
    }): string {
      return authorizationUrl(
        `${config.googleAccounts}/o/oauth2/v2/auth`,
        {
          clientId: input.creds.clientId,
          redirectUri: input.redirectUri,
          state: input.state,
          scope: input.scope,
          codeChallenge: input.codeChallenge,
        },
        // A refresh token is issued only with offline access, and again only on a fresh consent.
        { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
      );
    },

    async exchangeCode(input: {
      creds: ClientCredentials;
      redirectUri: string;
      code: string;
      codeVerifier?: string;
    }): Promise<GoogleTokens> {
      const body = await call(tokenAnswer, new URL(`${config.googleOAuth}/token`), {
        method: 'POST',
        form: {
          client_id: input.creds.clientId,
          client_secret: input.creds.clientSecret,
          redirect_uri: input.redirectUri,
          code: input.code,
          grant_type: 'authorization_code',
          ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}),
        },
      });
      return tokens(body);
    },

    async refresh(creds: ClientCredentials, previous: GoogleTokens): Promise<GoogleTokens> {
      if (!previous.refreshToken) throw platformError.expired(platform, 'no refresh token');
      const body = await call(tokenAnswer, new URL(`${config.googleOAuth}/token`), {
        method: 'POST',
        form: {
          client_id: creds.clientId,
          client_secret: creds.clientSecret,
          refresh_token: previous.refreshToken,
          grant_type: 'refresh_token',
        },
      });
      return tokens(body, previous);
    },

    /** Whether Google still honours the access token (tokeninfo answers 400 once it is revoked). */
    async tokenAlive(accessToken: string): Promise<boolean> {
      const url = new URL(`${config.googleOAuth}/tokeninfo`);
      url.searchParams.set('access_token', accessToken);
      const answer = await send(url);
      if (ok(answer)) return true;
      if (answer.status === 400 || answer.status === 401) return false;
      throw classifyGoogleError(platform, answer);
    },

    /** Best effort: the grant is forgotten on our side whatever Google answers. */
    async revoke(token: string): Promise<void> {
      await send(new URL(`${config.googleOAuth}/revoke`), { method: 'POST', form: { token } });
    },

    async userinfo(accessToken: string): Promise<{ id: string; name: string }> {
      const body = await call(
        z.object({ sub: z.string().optional(), name: z.string().optional(), email: z.string().optional() }),
        new URL(`${config.googleApis}/oauth2/v3/userinfo`),
        { headers: bearer(accessToken) },
      );
      return { id: body.sub ?? '', name: body.name || body.email || 'Google account' };
    },

    /** Search Console's sites.list: `{siteEntry: [{siteUrl, permissionLevel}]}`, absent when empty. */
    async sites(accessToken: string): Promise<{ url: string; permissionLevel: string }[]> {
      const body = await call(
        z.object({ siteEntry: z.array(z.object({ siteUrl: z.string(), permissionLevel: z.string() })).optional() }),
        new URL(`${config.googleApis}/webmasters/v3/sites`),
        { headers: bearer(accessToken) },
      );
      return (body.siteEntry ?? []).map((s) => ({ url: s.siteUrl, permissionLevel: s.permissionLevel }));
    },

    /** The Business Profile's accounts.list, every page (pageSize at most 20). */
    async accounts(accessToken: string): Promise<{ id: string; name: string; type: string }[]> {
      const found: { id: string; name: string; type: string }[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < 20; page++) {
        const url = new URL(`${config.googleBusinessAccounts}/v1/accounts`);
        url.searchParams.set('pageSize', '20');
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const body = await call(
          z.object({
            accounts: z
              .array(z.object({ name: z.string(), accountName: z.string().optional(), type: z.string().optional() }))
              .optional(),
            ...nextPage,
          }),
          url,
          { headers: bearer(accessToken) },
        );
        for (const a of body.accounts ?? []) {
          found.push({ id: a.name, name: a.accountName ?? a.name, type: a.type ?? 'PERSONAL' });
        }
        pageToken = body.nextPageToken;
        if (!pageToken) break;
      }
      return found;
    },

    /**
     * The Business Information API's accounts.locations.list for one account, every page
     * (pageSize at most 100; readMask is required and names the fields wanted).
     */
    async locations(accessToken: string, account: string): Promise<{ id: string; title: string; address: string }[]> {
      const found: { id: string; title: string; address: string }[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < 20; page++) {
        const url = new URL(`${config.googleBusinessInformation}/v1/${account}/locations`);
        url.searchParams.set('readMask', 'name,title,storefrontAddress');
        url.searchParams.set('pageSize', '100');
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const body = await call(
          z.object({
            locations: z
              .array(
                z.object({
                  name: z.string(),
                  title: z.string().optional(),
                  storefrontAddress: z
                    .object({
                      addressLines: z.array(z.string()).optional(),
                      locality: z.string().optional(),
                      postalCode: z.string().optional(),
                      regionCode: z.string().optional(),
                    })
                    .optional(),
                }),
              )
              .optional(),
            ...nextPage,
          }),
          url,
          { headers: bearer(accessToken) },
        );
        for (const l of body.locations ?? []) {
          const a = l.storefrontAddress;
          const address = a
            ? [...(a.addressLines ?? []), [a.postalCode, a.locality].filter(Boolean).join(' '), a.regionCode]
                .filter(Boolean)
                .join(', ')
            : '';
          found.push({ id: l.name, title: l.title ?? l.name, address });
        }
        pageToken = body.nextPageToken;
        if (!pageToken) break;
      }
      return found;
    },
  };
}
