import { z } from 'zod';
import { endpoints, type ClientCredentials, type ProviderName } from './providers';

export interface ProviderProfile {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
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
const googleProfileSchema = z.object({
  sub: z.union([z.string(), z.number()]),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
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

export function authorizeUrl(
  provider: ProviderName,
  creds: ClientCredentials,
  redirectUri: string,
  state: string,
): string {
  const e = endpoints(provider);
  const url = new URL(e.authorizeUrl);
  url.searchParams.set('client_id', creds.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', e.scope);
  url.searchParams.set('state', state);
  if (provider === 'google') url.searchParams.set('prompt', 'select_account');
  return url.href;
}

/** The authorization-code exchange, then the profile: the two calls both providers document. */
export async function fetchProfile(
  provider: ProviderName,
  creds: ClientCredentials,
  redirectUri: string,
  code: string,
): Promise<ProviderProfile> {
  const e = endpoints(provider);
  if (provider === 'google') {
    const token = await fetchJson(
      e.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: creds.clientId,
          client_secret: creds.clientSecret,
          redirect_uri: redirectUri,
        }),
      },
      provider,
      tokenSchema,
    );
    const info = await fetchJson(
      e.profileUrl,
      { headers: { authorization: `Bearer ${token.access_token}` } },
      provider,
      googleProfileSchema,
    );
    return {
      subject: String(info.sub),
      email: info.email,
      emailVerified: info.email_verified === true,
      firstName: info.given_name ?? '',
      lastName: info.family_name ?? '',
    };
  }
  const tokenUrl = new URL(e.tokenUrl);
  tokenUrl.search = new URLSearchParams({
    client_id: creds.clientId,
    client_secret: creds.clientSecret,
    redirect_uri: redirectUri,
    code,
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
    // Facebook only returns an email it has confirmed.
    emailVerified: !!info.email,
    firstName: info.first_name ?? '',
    lastName: info.last_name ?? '',
  };
}
