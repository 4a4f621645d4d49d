import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { newToken, hashSecret } from '../accounts/tokens';
import { isExpired, table, tableName, ttlIn } from '../table/client';
import { keys } from '../table/keys';
import type { ProviderName } from './providers';

/** A sign-in round trip through a provider must finish within ten minutes. */
export const STATE_TTL_SECONDS = 600;

const key = keys.oauthState;

/**
 * The OAuth `state`: random, stored hashed with what the return needs (provider, invite),
 * and also set as a cookie, so a callback is accepted only in the browser that started it.
 */
export async function createState(provider: ProviderName, inviteToken?: string): Promise<string> {
  const { token, hash } = newToken();
  await table().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key(hash), type: 'oauth-state', provider, inviteToken, ttl: ttlIn(STATE_TTL_SECONDS) },
    }),
  );
  return token;
}

/** Single use: the item is deleted as it is read. */
export async function consumeState(
  state: string,
): Promise<{ provider: ProviderName; inviteToken?: string } | undefined> {
  if (!state || state.length > 200) return undefined;
  const out = await table().send(
    new DeleteCommand({ TableName: tableName(), Key: key(hashSecret(state)), ReturnValues: 'ALL_OLD' }),
  );
  const item = out.Attributes as { provider: ProviderName; inviteToken?: string; ttl: number } | undefined;
  if (!item || isExpired(item)) return undefined;
  return { provider: item.provider, inviteToken: item.inviteToken };
}
