import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { COMPANY_COOKIE } from '@shared/constants';
import { hashSecret, newToken } from '../accounts/tokens';
import { config } from '../config';
import type { AuthUser } from '../http/route';
import { isMember } from '../membership';
import { isExpired, table, tableName, ttlIn } from '../table/client';
import { keys } from '../table/keys';
import type { AppName } from './app-http';
import { CONNECT_STATE_TTL_SECONDS } from './connect-state';

/**
 * A WordPress or Google connect's state: the same rules as the social platforms' (random,
 * stored hashed, bound to the browser by the `integration_state` cookie, to the user and the
 * company, single use, ten minutes), plus what the flow must find again on the way back: the
 * WordPress site the user named (its authorize page answers with a `site_url` we compare).
 */
export interface AppConnectState {
  app: AppName;
  companyId: number;
  userId: number;
  codeVerifier?: string;
  site?: string;
  siteName?: string;
}

/** The cookie binding a connect's state to the browser that started it (every app's). */
export const STATE_COOKIE = 'integration_state';

export async function createAppState(state: AppConnectState): Promise<string> {
  const { token, hash } = newToken();
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.integrationState(hash),
        type: 'integration-state',
        ...state,
        ttl: ttlIn(CONNECT_STATE_TTL_SECONDS),
      },
    }),
  );
  return token;
}

async function consume(state: string): Promise<AppConnectState | undefined> {
  if (!state || state.length > 200) return undefined;
  const out = await table().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.integrationState(hashSecret(state)),
      ReturnValues: 'ALL_OLD',
    }),
  );
  // A social connect's state has no `app`: it never completes one of these.
  const item = out.Attributes as (Partial<AppConnectState> & { ttl: number }) | undefined;
  if (!item?.app || isExpired(item) || item.companyId === undefined || item.userId === undefined) return undefined;
  return {
    app: item.app,
    companyId: item.companyId,
    userId: item.userId,
    codeVerifier: item.codeVerifier,
    site: item.site,
    siteName: item.siteName,
  };
}

/**
 * The callback's checks, all of them or nothing: the state came back in the browser that
 * started the flow (cookie), is unused and unexpired, was made for this app, by this user, for
 * the company still selected, of which the user is still a member.
 */
export async function acceptAppState(input: {
  app: AppName;
  state: string | undefined;
  cookies: Record<string, string | undefined>;
  user: AuthUser;
}): Promise<AppConnectState | undefined> {
  const { state, cookies, user, app } = input;
  if (!state || cookies[STATE_COOKIE] !== state) return undefined;
  const saved = await consume(state);
  if (
    !saved ||
    saved.app !== app ||
    saved.userId !== user.id ||
    cookies[COMPANY_COOKIE] !== String(saved.companyId) ||
    !(await isMember(saved.companyId, user.id))
  ) {
    return undefined;
  }
  return saved;
}

export const APP_STATE_REFUSED = 'This connect link expired or was not started here. Please press Connect again.';

/** Where the browser lands after a connect: the apps tab, told what happened. */
export function appsTabUrl(outcome: { connected: AppName } | { error: string; app: AppName }): string {
  const url = new URL(`${config.appOrigin}/settings/apps`);
  if ('connected' in outcome) url.searchParams.set('connected', outcome.connected);
  else {
    url.searchParams.set('platform', outcome.app);
    url.searchParams.set('error', outcome.error);
  }
  return url.href;
}

export const signInFirstUrl = () =>
  `${config.appOrigin}/auth?message=${encodeURIComponent('Sign in, then connect again from the apps page.')}`;
