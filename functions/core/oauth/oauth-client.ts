import { z } from 'zod';
import { IdTokenError, remoteKeys, verifyIdToken } from './id-token';
import { endpoints, type ClientCredentials, type ProviderEndpoints, type ProviderName } from './providers';

export interface ProviderProfile {
  subject: string;
  email: string | undefined;
  /**
   * Whether the provider says it confirmed the address: Google's `email_verified`. `unknown`
   * where the provider says nothing either way (Facebook's Graph `email` has no such flag).
   */
  emailVerified: boolean | 'unknown';
  firstName: string;
  lastName: string;
}

/** A provider refused or failed: the message is for the user, the detail for the log. */
export class OAuthError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

const TIMEOUT_MS = 10_000;

/** Google: {error, error_description}; Facebook: {error: {message, type, code}}. */
const providerErrorSchema = z.object({
  error: z
    .union([
      z.string(),
      z.object({ message: z.string().optional(), type: z.string().optional(), code: z.number().optional() }),
    ])
    .optional(),
  error_description: z.string().optional(),
});
const tokenSchema = z.object({ access_token: z.string().min(1) });
/** An OpenID provider's token answer: with scope `openid`, an ID token beside the access token. */
const openidTokenSchema = tokenSchema.extend({ id_token: z.string().min(1) });
const googleProfileSchema = z.object({
  sub: z.union([z.string(), z.number()]),
  email: z.string().optional(),
  // Google sends a boolean; some providers send it as a string.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});
const facebookProfileSchema = z.object({
  id: z.union([z.string(), z.number()]),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});

/** Calls the provider and parses its answer with `schema`: anything else is the provider's failure. */
async function fetchJson<S extends z.ZodType>(
  url: string,
  init: RequestInit,
  provider: ProviderName,
  schema: S,
): Promise<z.infer<S>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new OAuthError(`We could not reach ${label(provider)}. Please try again.`, (error as Error).message);
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OAuthError(`${label(provider)} answered unexpectedly. Please try again.`, text.slice(0, 200));
  }
  if (!res.ok) {
    const failure = providerErrorSchema.safeParse(body);
    const error = failure.success ? failure.data.error : undefined;
    const detail =
      typeof error === 'object'
        ? `${error.type} ${error.code}: ${error.message}`
        : `${error}: ${failure.data?.error_description}`;
    const limited = res.status === 429 || (typeof error === 'object' && [4, 17, 32, 613].includes(error.code ?? 0));
    throw new OAuthError(
      limited
        ? `${label(provider)} is busy right now. Please try again in a minute.`
        : `${label(provider)} sign-in failed. Please try again.`,
      detail,
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new OAuthError(`${label(provider)} answered unexpectedly. Please try again.`, text.slice(0, 200));
  }
  return parsed.data;
}

export const label = (provider: ProviderName) => (provider === 'google' ? 'Google' : 'Facebook');

/** The provider's endpoints; a discovery document that cannot be read is the provider's failure. */
async function endpointsOf(provider: ProviderName): Promise<ProviderEndpoints> {
  try {
    return await endpoints(provider);
  } catch (error) {
    throw new OAuthError(`We could not reach ${label(provider)}. Please try again.`, (error as Error).message);
  }
}

export interface AuthorizeOptions {
  state: string;
  codeChallenge: string;
  nonce: string;
  /**
   * Only when the user asked to pick another account ("Use another account"): a provider that
   * does not support the value refuses the whole request (OpenID Connect Core §3.1.2.1), and
   * an account chooser on every sign-in is a step nobody asked for.
   */
  prompt?: 'select_account';
}

/**
 * The provider's authorization URL: the code flow with `state`, PKCE (S256) for both providers,
 * and, for OpenID providers, the `nonce` the ID token must carry back.
 */
export async function authorizeUrl(
  provider: ProviderName,
  creds: ClientCredentials,
  redirectUri: string,
  options: AuthorizeOptions,
): Promise<string> {
  const e = await endpointsOf(provider);
  const url = new URL(e.authorizeUrl);
  url.searchParams.set('client_id', creds.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', e.scope);
  url.searchParams.set('state', options.state);
  url.searchParams.set('code_challenge', options.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (e.openid) url.searchParams.set('nonce', options.nonce);
  if (options.prompt && e.openid) url.searchParams.set('prompt', options.prompt);
  return url.href;
}

/** What the callback proves beside the code: the round trip's PKCE verifier and nonce. */
export interface CodeExchange {
  code: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * The authorization-code exchange (with the PKCE verifier), then the profile. For Google, an
 * OpenID provider, the ID token is checked first (its keys, issuer, audience, expiry and our
 * nonce), and the profile must be the same subject's (OpenID Connect Core §5.3.2).
 */
export async function fetchProfile(
  provider: ProviderName,
  creds: ClientCredentials,
  redirectUri: string,
  exchange: CodeExchange,
): Promise<ProviderProfile> {
  const e = await endpointsOf(provider);
  if (provider === 'google') {
    if (!e.openid) throw new Error('Google is an OpenID provider: its endpoints name its keys.');
    const token = await fetchJson(
      e.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: exchange.code,
          code_verifier: exchange.codeVerifier,
          client_id: creds.clientId,
          client_secret: creds.clientSecret,
          redirect_uri: redirectUri,
        }),
      },
      provider,
      openidTokenSchema,
    );
    let subject: string;
    try {
      ({ sub: subject } = await verifyIdToken(token.id_token, {
        issuer: e.openid.issuer,
        audience: creds.clientId,
        nonce: exchange.nonce,
        keys: remoteKeys(e.openid.jwksUrl),
      }));
    } catch (error) {
      if (!(error instanceof IdTokenError)) throw error;
      throw new OAuthError(`${label(provider)} sign-in could not be checked. Please try again.`, error.message);
    }
    const info = await fetchJson(
      e.profileUrl,
      { headers: { authorization: `Bearer ${token.access_token}` } },
      provider,
      googleProfileSchema,
    );
    if (String(info.sub) !== subject) {
      throw new OAuthError(
        `${label(provider)} sign-in could not be checked. Please try again.`,
        'The userinfo answer names another subject than the ID token.',
      );
    }
    return {
      subject,
      email: info.email,
      emailVerified: info.email_verified === true || info.email_verified === 'true',
      firstName: info.given_name ?? '',
      lastName: info.family_name ?? '',
    };
  }
  const tokenUrl = new URL(e.tokenUrl);
  tokenUrl.search = new URLSearchParams({
    client_id: creds.clientId,
    client_secret: creds.clientSecret,
    redirect_uri: redirectUri,
    code: exchange.code,
    code_verifier: exchange.codeVerifier,
  }).toString();
  const token = await fetchJson(tokenUrl.href, {}, provider, tokenSchema);
  const me = new URL(e.profileUrl);
  me.searchParams.set('fields', 'id,email,first_name,last_name');
  const info = await fetchJson(
    me.href,
    { headers: { authorization: `Bearer ${token.access_token}` } },
    provider,
    facebookProfileSchema,
  );
  return {
    subject: String(info.id),
    email: info.email,
    // Graph's answer says nothing of whether the address was confirmed.
    emailVerified: 'unknown',
    firstName: info.first_name ?? '',
    lastName: info.last_name ?? '',
  };
}
