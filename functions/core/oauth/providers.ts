import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { PROVIDERS, type ProviderName } from '@shared/contracts/auth';
import { config } from '../config';
import { log } from '../log';

export { PROVIDERS, type ProviderName };

/**
 * Every OAuth app whose client id and secret the `OAuthClients` secret holds: the sign-in
 * providers, and the connected apps' own (Facebook's app also serves Instagram; Google's app
 * also serves Search Console and My Business; `wordpress` is the WordPress.com app).
 */
export const OAUTH_APPS = [...PROVIDERS, 'threads', 'linkedin', 'wordpress'] as const;
export type OAuthApp = (typeof OAUTH_APPS)[number];

export interface ProviderEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  scope: string;
}

/** Facebook's Graph API version is configuration: versions are retired on a schedule. */
const graphVersion = () => config.facebookGraphVersion;

/**
 * The real endpoints, or the same paths on the embedded runtime's sandbox server
 * (OAUTH_SANDBOX_ORIGIN), which speaks the same subset of both APIs.
 */
export function endpoints(provider: ProviderName): ProviderEndpoints {
  const sandbox = config.oauthSandboxOrigin;
  if (provider === 'google') {
    return {
      authorizeUrl: sandbox ? `${sandbox}/google/o/oauth2/v2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: sandbox ? `${sandbox}/google/token` : 'https://oauth2.googleapis.com/token',
      profileUrl: sandbox ? `${sandbox}/google/oauth2/v3/userinfo` : 'https://openidconnect.googleapis.com/v1/userinfo',
      scope: 'openid email profile',
    };
  }
  const v = graphVersion();
  return {
    authorizeUrl: sandbox ? `${sandbox}/facebook/${v}/dialog/oauth` : `https://www.facebook.com/${v}/dialog/oauth`,
    tokenUrl: sandbox
      ? `${sandbox}/facebook/${v}/oauth/access_token`
      : `https://graph.facebook.com/${v}/oauth/access_token`,
    profileUrl: sandbox ? `${sandbox}/facebook/${v}/me` : `https://graph.facebook.com/${v}/me`,
    scope: 'email,public_profile',
  };
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** A rotated client secret is picked up within this time without a cold start. */
const SECRET_TTL_MS = 5 * 60_000;

type SecretReader = (secretId: string) => Promise<string | undefined>;

const readFromSecretsManager: SecretReader = async (secretId) => {
  const out = await new SecretsManagerClient({ region: config.region }).send(
    new GetSecretValueCommand({ SecretId: secretId }),
  );
  return out.SecretString;
};

/**
 * Client ids and secrets: env on the embedded runtime, Secrets Manager (OAUTH_SECRET_ARN) in
 * AWS, read at run time and kept a few minutes. A failed read is not kept: sign-in answers
 * "not configured" this once and the next request reads again, instead of a container
 * refusing every social sign-in for its whole life after one throttled or timed-out call.
 */
export function createCredentialSource(
  read: SecretReader = readFromSecretsManager,
  ttlMs = SECRET_TTL_MS,
  now = Date.now,
) {
  let cached: { secretId: string; all: Record<string, Partial<ClientCredentials>>; expires: number } | undefined;
  let inFlight: Promise<Record<string, Partial<ClientCredentials>> | undefined> | undefined;

  const all = (secretId: string) => {
    if (cached && cached.secretId === secretId && cached.expires > now()) return Promise.resolve(cached.all);
    inFlight ??= read(secretId)
      .then((text) => {
        const parsed = JSON.parse(text ?? '{}') as Record<string, Partial<ClientCredentials>>;
        cached = { secretId, all: parsed, expires: now() + ttlMs };
        return parsed;
      })
      .catch((error: unknown) => {
        log('warn', 'could not read the OAuth client secret', { error: (error as Error).message });
        return undefined;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  return async function credentials(provider: OAuthApp): Promise<ClientCredentials | undefined> {
    const fromEnv = config.oauthClient(provider);
    if (fromEnv) return fromEnv;
    const arn = config.oauthSecretArn;
    if (!arn) return undefined;
    const found = (await all(arn))?.[provider];
    return found?.clientId && found.clientSecret
      ? { clientId: found.clientId, clientSecret: found.clientSecret }
      : undefined;
  };
}

export const credentials = createCredentialSource();
