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
  constructor(message: string, readonly detail?: string) {
    super(message);
    this.name = 'OAuthError';
  }
}

const TIMEOUT_MS = 10_000;

async function fetchJson(url: string, init: RequestInit, provider: ProviderName): Promise<Record<string, any>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new OAuthError(`We could not reach ${label(provider)}. Please try again.`, (error as Error).message);
  }
  const text = await res.text();
  let body: Record<string, any> = {};
  try {
    body = JSON.parse(text);
  } catch {
    throw new OAuthError(`${label(provider)} answered unexpectedly. Please try again.`, text.slice(0, 200));
  }
  if (!res.ok) {
    // Google: {error, error_description}; Facebook: {error: {message, type, code}}.
    const detail = typeof body.error === 'object' ? `${body.error.type} ${body.error.code}: ${body.error.message}` : `${body.error}: ${body.error_description}`;
    const limited = res.status === 429 || [4, 17, 32, 613].includes(body.error?.code);
    throw new OAuthError(
      limited
        ? `${label(provider)} is busy right now. Please try again in a minute.`
        : `${label(provider)} sign-in failed. Please try again.`,
      detail,
    );
  }
  return body;
}

export const label = (provider: ProviderName) => (provider === 'google' ? 'Google' : 'Facebook');

export function authorizeUrl(provider: ProviderName, creds: ClientCredentials, redirectUri: string, state: string): string {
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
    );
    const info = await fetchJson(e.profileUrl, { headers: { authorization: `Bearer ${token.access_token}` } }, provider);
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
  const token = await fetchJson(tokenUrl.href, {}, provider);
  const me = new URL(e.profileUrl);
  me.searchParams.set('fields', 'id,email,first_name,last_name');
  const info = await fetchJson(me.href, { headers: { authorization: `Bearer ${token.access_token}` } }, provider);
  return {
    subject: String(info.id),
    email: info.email,
    // Facebook only returns an email it has confirmed.
    emailVerified: !!info.email,
    firstName: info.first_name ?? '',
    lastName: info.last_name ?? '',
  };
}
