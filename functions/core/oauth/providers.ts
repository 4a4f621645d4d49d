import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { PROVIDERS, type ProviderName } from '@shared/contracts/auth';
import { z } from 'zod';
import { config } from '../config';
import { platformConfig } from '../platform-config';
import { log } from '../log';

export { type ProviderName };

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
  /**
   * OpenID providers (Google): who signs the ID token (any of these `iss` values) and where its
   * keys are published. Facebook's web login is plain OAuth 2.0 and has none.
   */
  openid?: { issuer: string[]; jwksUrl: string };
}

/** Facebook's Graph API version is configuration: versions are retired on a schedule. */
/** The same Graph version as the platform clients: one table of versions and their sunsets. */
const graphVersion = () => platformConfig().graphVersion;

const GOOGLE_SCOPE = 'openid email profile';

/** Google's own, from its discovery document; its ID tokens name either issuer spelling. */
const GOOGLE: ProviderEndpoints = {
  authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  profileUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  scope: GOOGLE_SCOPE,
  openid: {
    issuer: ['https://accounts.google.com', 'accounts.google.com'],
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  },
};

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string(),
  jwks_uri: z.string(),
});

/** A discovery document is read again after this long: a provider may move an endpoint. */
const DISCOVERY_TTL_MS = 3600_000;
const discovered = new Map<string, { at: number; endpoints: Promise<ProviderEndpoints> }>();

/**
 * The endpoints an OpenID issuer publishes (OpenID Connect Discovery 1.0): the document at
 * `<issuer>/.well-known/openid-configuration`, whose `issuer` must be the one asked for (§4.3),
 * so a document cannot name another issuer's tokens as this one's. A failed read is not kept.
 */
function discover(issuer: string, scope: string): Promise<ProviderEndpoints> {
  const cached = discovered.get(issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.endpoints;
  const endpoints = (async () => {
    const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`The OpenID discovery document of ${issuer} answered ${res.status}.`);
    const doc = discoverySchema.parse(await res.json());
    if (doc.issuer !== issuer)
      throw new Error(`The discovery document of ${issuer} names ${doc.issuer} as its issuer.`);
    return {
      authorizeUrl: doc.authorization_endpoint,
      tokenUrl: doc.token_endpoint,
      profileUrl: doc.userinfo_endpoint,
      scope,
      openid: { issuer: [doc.issuer], jwksUrl: doc.jwks_uri },
    };
  })();
  discovered.set(issuer, { at: Date.now(), endpoints });
  endpoints.catch(() => discovered.delete(issuer));
  return endpoints;
}

/**
 * The real endpoints, or the embedded runtime's sandbox server (OAUTH_SANDBOX_ORIGIN), which
 * speaks the same subset of both APIs. Google's may also be another OpenID provider's
 * (OAUTH_GOOGLE_ISSUER: tests sign in through a certified one); the sandbox's Google is read
 * through its discovery document the same way.
 */
export async function endpoints(provider: ProviderName): Promise<ProviderEndpoints> {
  const sandbox = config.oauthSandboxOrigin;
  if (provider === 'google') {
    const issuer = config.oauthGoogleIssuer ?? (sandbox ? `${sandbox}/google` : undefined);
    return issuer ? discover(issuer, GOOGLE_SCOPE) : GOOGLE;
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
