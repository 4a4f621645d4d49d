import { z } from 'zod';
import { conflict } from '../errors';
import { log } from '../log';
import { credentials as oauthCredentials } from '../oauth/providers';
import {
  appNotConnected,
  deleteAppConnection,
  getAppConnection,
  openSecrets,
  saveAppConnection,
  sealSecrets,
  updateAppConnection,
  type AppConnection,
} from './app-connection';
import { createAppState, type AppConnectState } from './app-connect-state';
import { AppError, appSentences, APP_NAMES } from './app-http';
import { pkcePair } from './connect-state';
import { BUSINESS_SCOPE, googleClient, PROFILE_SCOPES, SEARCH_CONSOLE_SCOPE, type GoogleTokens } from './google-client';
import type { AppCredentials } from './platform-client';
import { platformConfig } from './platform-config';

/** The two Google connections: the profile with Search Console, and My Business. */
export type GoogleApp = 'google' | 'google-my-business';

const SCOPES: Record<GoogleApp, string> = {
  google: `${PROFILE_SCOPES} ${SEARCH_CONSOLE_SCOPE}`,
  'google-my-business': `${PROFILE_SCOPES} ${BUSINESS_SCOPE}`,
};
const REQUIRED: Record<GoogleApp, string> = { google: SEARCH_CONSOLE_SCOPE, 'google-my-business': BUSINESS_SCOPE };

const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string().optional(),
  expiresAt: z.string().optional(),
  scope: z.string().optional(),
});

const client = (app: GoogleApp) => googleClient(platformConfig(), app);

/** Google's app: the same OAuth client as Google sign-in (`google` in the OAuth clients secret). */
async function googleApp(app: GoogleApp): Promise<AppCredentials> {
  const creds = await oauthCredentials('google');
  if (!creds) throw conflict(`Connecting ${APP_NAMES[app]} is not set up yet.`);
  return creds;
}

export async function startGoogleConnect(input: {
  app: GoogleApp;
  companyId: number;
  userId: number;
  callbackUrl: string;
}): Promise<{ url: string; state: string }> {
  const creds = await googleApp(input.app);
  const pkce = pkcePair();
  const state = await createAppState({
    app: input.app,
    companyId: input.companyId,
    userId: input.userId,
    codeVerifier: pkce.verifier,
  });
  const url = client(input.app).authorizeUrl({
    creds,
    redirectUri: input.callbackUrl,
    state,
    scope: SCOPES[input.app],
    codeChallenge: pkce.challenge,
  });
  return { url, state };
}

/**
 * The code for tokens (with a refresh token: offline access), checked to carry the scope the
 * app needs (Google's consent lets the user untick it), then the Google account's name.
 */
export async function finishGoogleConnect(
  saved: AppConnectState & { app: GoogleApp },
  code: string,
  callbackUrl: string,
): Promise<AppConnection> {
  const app = saved.app;
  const c = client(app);
  const tokens = await c.exchangeCode({
    creds: await googleApp(app),
    redirectUri: callbackUrl,
    code,
    codeVerifier: saved.codeVerifier,
  });
  if (tokens.scope && !tokens.scope.split(/\s+/).includes(REQUIRED[app])) {
    throw new AppError(
      app,
      'permission',
      `Google did not give us access to ${app === 'google' ? 'Search Console' : 'your Business Profile'}. Connect again and allow it.`,
    );
  }
  const account = await c.userinfo(tokens.accessToken);
  return saveAppConnection({ companyId: saved.companyId, app, account, secrets: tokens });
}

const expiresSoon = (tokens: GoogleTokens) => !!tokens.expiresAt && Date.parse(tokens.expiresAt) - Date.now() < 60_000;

async function markDisconnected(connection: AppConnection, detail?: string) {
  log('warn', 'google grant gone', { app: connection.app, companyId: connection.companyId, detail });
  await updateAppConnection(connection.companyId, connection.app, { status: 'disconnected' });
}

/** New tokens from the refresh grant; invalid_grant (the grant is gone) marks the connection. */
async function refreshed(connection: AppConnection, tokens: GoogleTokens): Promise<GoogleTokens> {
  const app = connection.app as GoogleApp;
  try {
    const next = await client(app).refresh(await googleApp(app), tokens);
    await updateAppConnection(connection.companyId, app, {
      secrets: await sealSecrets(connection.companyId, app, next),
    });
    return next;
  } catch (error) {
    if (error instanceof AppError && error.failure === 'expired') await markDisconnected(connection, error.detail);
    throw error;
  }
}

/**
 * A Google API call with the connection's access token: refreshed first when it is about to
 * expire, and once more when Google answers 401 (revoked early); a refresh Google refuses
 * means the grant is gone, so the connection is marked disconnected before the error goes up.
 */
export async function withGoogleToken<T>(
  companyId: number,
  app: GoogleApp,
  fn: (accessToken: string, connection: AppConnection) => Promise<T>,
): Promise<T> {
  const connection = await getAppConnection(companyId, app);
  if (!connection) throw appNotConnected(app);
  if (connection.status === 'disconnected') throw new AppError(app, 'expired', appSentences.expired(app));
  let tokens = await openSecrets(connection, tokensSchema);
  if (expiresSoon(tokens)) tokens = await refreshed(connection, tokens);
  try {
    return await fn(tokens.accessToken, connection);
  } catch (error) {
    if (!(error instanceof AppError) || error.failure !== 'expired') throw error;
    tokens = await refreshed(connection, tokens);
    return fn(tokens.accessToken, connection);
  }
}

/**
 * Whether Google still honours the grant, asked live (tokeninfo, then the refresh grant): the
 * status read is the moment a revoked grant shows up as 'disconnected'. Outages leave the
 * connection as it is.
 */
export async function checkGoogleGrant(connection: AppConnection): Promise<AppConnection> {
  if (connection.status !== 'connected') return connection;
  const app = connection.app as GoogleApp;
  try {
    const tokens = await openSecrets(connection, tokensSchema);
    if (!expiresSoon(tokens) && (await client(app).tokenAlive(tokens.accessToken))) return connection;
    await refreshed(connection, tokens);
    return connection;
  } catch (error) {
    if (error instanceof AppError && error.failure === 'expired') return { ...connection, status: 'disconnected' };
    if (error instanceof AppError) return connection;
    throw error;
  }
}

/** Forgets the connection; the grant is revoked at Google too (best effort). */
export async function disconnectGoogle(companyId: number, app: GoogleApp): Promise<void> {
  const connection = await getAppConnection(companyId, app);
  if (!connection) return;
  try {
    const tokens = await openSecrets(connection, tokensSchema);
    await client(app).revoke(tokens.refreshToken ?? tokens.accessToken);
  } catch (error) {
    log('warn', 'google revoke failed', { app, companyId, error: (error as Error).message });
  }
  await deleteAppConnection(companyId, app);
}
