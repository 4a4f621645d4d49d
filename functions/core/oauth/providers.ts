import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { PROVIDERS, type ProviderName } from '@shared/contracts/auth';
import { config } from '../config';

export { PROVIDERS, type ProviderName };

export interface ProviderEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  scope: string;
}

/** Facebook's Graph API version is configuration: versions are retired on a schedule. */
const graphVersion = () => process.env.FACEBOOK_GRAPH_VERSION ?? 'v21.0';

/**
 * The real endpoints, or the same paths on the embedded runtime's sandbox server
 * (OAUTH_SANDBOX_ORIGIN), which speaks the same subset of both APIs.
 */
export function endpoints(provider: ProviderName): ProviderEndpoints {
  const sandbox = process.env.OAUTH_SANDBOX_ORIGIN;
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
    tokenUrl: sandbox ? `${sandbox}/facebook/${v}/oauth/access_token` : `https://graph.facebook.com/${v}/oauth/access_token`,
    profileUrl: sandbox ? `${sandbox}/facebook/${v}/me` : `https://graph.facebook.com/${v}/me`,
    scope: 'email,public_profile',
  };
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

let cachedSecret: Promise<Record<string, ClientCredentials>> | undefined;

/** Client ids and secrets: env on the embedded runtime, Secrets Manager (OAUTH_SECRET_ARN) in AWS. */
export async function credentials(provider: ProviderName): Promise<ClientCredentials | undefined> {
  const envId = process.env[`OAUTH_${provider.toUpperCase()}_CLIENT_ID`];
  const envSecret = process.env[`OAUTH_${provider.toUpperCase()}_CLIENT_SECRET`];
  if (envId && envSecret) return { clientId: envId, clientSecret: envSecret };
  const arn = process.env.OAUTH_SECRET_ARN;
  if (!arn) return undefined;
  cachedSecret ??= new SecretsManagerClient({ region: config.region })
    .send(new GetSecretValueCommand({ SecretId: arn }))
    .then((out) => JSON.parse(out.SecretString ?? '{}'));
  const all = await cachedSecret.catch(() => ({}) as Record<string, ClientCredentials>);
  const found = all[provider];
  return found?.clientId && found.clientSecret ? found : undefined;
}
