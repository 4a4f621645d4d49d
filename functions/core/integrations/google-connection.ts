import { conflict } from '../errors';
import { log } from '../log';
import { credentials as oauthCredentials } from '../oauth/providers';
import { createConnectState, pkcePair, type ConnectState } from './connect-state';
import {
  getConnection,
  markReconnect,
  openSecrets,
  saveConnection,
  sealSecrets,
  updateConnection,
  withConnection,
} from './connection-store';
import type { Connection } from './connection-entity';
import {
  BUSINESS_SCOPE,
  googleAccessSentence,
  googleClient,
  googleTokensSchema,
  PROFILE_SCOPES,
  SEARCH_CONSOLE_SCOPE,
  type GooglePlatform,
  type GoogleTokens,
} from './google-client';
import type { ClientCredentials } from './platform-client';
import { platformConfig } from '../platform-config';
import { PlatformError } from './platform-error';
import { CONNECTION_LABELS } from '@shared/schemas/integrations';

const SCOPES: Record<GooglePlatform, string> = {
  google: `${PROFILE_SCOPES} ${SEARCH_CONSOLE_SCOPE}`,
  'google-my-business': `${PROFILE_SCOPES} ${BUSINESS_SCOPE}`,
};
const REQUIRED: Record<GooglePlatform, string> = { google: SEARCH_CONSOLE_SCOPE, 'google-my-business': BUSINESS_SCOPE };

const client = (platform: GooglePlatform) => googleClient(platformConfig(), platform);

/** Google's OAuth client: the same as Google sign-in's (`google` in the OAuth clients secret). */
async function googleCredentials(platform: GooglePlatform): Promise<ClientCredentials> {
  const creds = await oauthCredentials('google');
  if (!creds) throw conflict(`Connecting ${CONNECTION_LABELS[platform]} is not set up yet.`);
  return creds;
}

export async function startGoogleConnect(input: {
  platform: GooglePlatform;
  companyId: number;
  userId: number;
  callbackUrl: string;
}): Promise<{ url: string; state: string }> {
  const creds = await googleCredentials(input.platform);
  const pkce = pkcePair();
  const state = await createConnectState({
    platform: input.platform,
    companyId: input.companyId,
    userId: input.userId,
    codeVerifier: pkce.verifier,
  });
  const url = client(input.platform).authorizeUrl({
    creds,
    redirectUri: input.callbackUrl,
    state,
    scope: SCOPES[input.platform],
    codeChallenge: pkce.challenge,
  });
  return { url, state };
}

/**
 * The code for tokens (with a refresh token: offline access), checked to carry the scope the
 * connection needs (Google's consent lets the user untick it), then the Google account's name.
 */
export async function finishGoogleConnect(
  saved: ConnectState & { platform: GooglePlatform },
  code: string,
  callbackUrl: string,
): Promise<Connection> {
  const platform = saved.platform;
  const c = client(platform);
  const tokens = await c.exchangeCode({
    creds: await googleCredentials(platform),
    redirectUri: callbackUrl,
    code,
    codeVerifier: saved.codeVerifier,
  });
  if (tokens.scope && !tokens.scope.split(/\s+/).includes(REQUIRED[platform])) {
    throw new PlatformError(platform, 'permission', googleAccessSentence(platform));
  }
  const account = await c.userinfo(tokens.accessToken);
  const profile = platform === 'google-my-business' ? await defaultBusinessAccount(tokens.accessToken) : undefined;
  return saveConnection({ companyId: saved.companyId, platform, account, profile, secrets: tokens });
}

/**
 * The Business Profile account a new connection works on: the first one with a location (a
 * personal account often has none, and the business manager would say "No business locations
 * found"), or the only one. Else none: the apps tab asks. Google failing here leaves the choice
 * to the apps tab rather than failing a consent that worked.
 */
async function defaultBusinessAccount(accessToken: string): Promise<{ id: string; name: string } | undefined> {
  const c = client('google-my-business');
  try {
    const accounts = await c.accounts(accessToken);
    for (const account of accounts) {
      if ((await c.locations(accessToken, account.id)).length) return { id: account.id, name: account.name };
    }
    const [only] = accounts;
    return only && accounts.length === 1 ? { id: only.id, name: only.name } : undefined;
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    log('warn', 'no default Business Profile account', { detail: error.detail });
    return undefined;
  }
}

const expiresSoon = (tokens: GoogleTokens) => !!tokens.expiresAt && Date.parse(tokens.expiresAt) - Date.now() < 60_000;

const googlePlatformOf = (connection: Connection) => connection.platform as GooglePlatform;

/** New tokens from the refresh grant; invalid_grant (the grant is gone) marks the connection. */
async function refreshed(connection: Connection, tokens: GoogleTokens): Promise<GoogleTokens> {
  const platform = googlePlatformOf(connection);
  try {
    const next = await client(platform).refresh(await googleCredentials(platform), tokens);
    await updateConnection(connection.companyId, platform, {
      secrets: await sealSecrets(connection.companyId, platform, next),
    });
    return next;
  } catch (error) {
    if (error instanceof PlatformError && error.failure === 'expired') {
      log('warn', 'google grant gone', { platform, companyId: connection.companyId, detail: error.detail });
      await markReconnect(connection.companyId, platform, error.message);
    }
    throw error;
  }
}

/**
 * A Google API call with the connection's access token: refreshed first when it is about to
 * expire, and once more when Google answers 401 (revoked early); a refresh Google refuses
 * means the grant is gone, so the connection is marked for reconnecting before the error goes up.
 */
export const withGoogleToken = <T>(
  companyId: number,
  platform: GooglePlatform,
  fn: (accessToken: string, connection: Connection) => Promise<T>,
): Promise<T> =>
  withConnection(companyId, platform, googleTokensSchema, async (connection, opened) => {
    let tokens = opened;
    if (expiresSoon(tokens)) tokens = await refreshed(connection, tokens);
    try {
      return await fn(tokens.accessToken, connection);
    } catch (error) {
      if (!(error instanceof PlatformError) || error.failure !== 'expired') throw error;
      tokens = await refreshed(connection, tokens);
      return fn(tokens.accessToken, connection);
    }
  });

/**
 * Whether Google still honours the grant, asked live (tokeninfo, then the refresh grant): the
 * status read is the moment a revoked grant shows up as to reconnect. Outages leave the
 * connection as it is.
 */
async function checkGoogleGrant(connection: Connection): Promise<Connection> {
  if (connection.status !== 'connected') return connection;
  const platform = googlePlatformOf(connection);
  try {
    const tokens = await openSecrets(connection, googleTokensSchema);
    if (!expiresSoon(tokens) && (await client(platform).tokenAlive(tokens.accessToken))) return connection;
    await refreshed(connection, tokens);
    return connection;
  } catch (error) {
    if (error instanceof PlatformError && error.failure === 'expired') return { ...connection, status: 'reconnect' };
    if (error instanceof PlatformError) return connection;
    throw error;
  }
}

/** The Google connection as it stands now (asked of Google). */
export async function checkedGoogleConnection(companyId: number, platform: GooglePlatform) {
  const connection = await getConnection(companyId, platform);
  return connection ? checkGoogleGrant(connection) : undefined;
}
