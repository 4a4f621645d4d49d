import { newToken, hashSecret } from '../accounts/tokens';
import { ttlIn } from '../table/client';
import { keys } from '../table/keys';
import { oauthStates } from './oauth-state-entity';
import type { ProviderName } from './providers';

/** A sign-in round trip through a provider must finish within ten minutes. */
export const STATE_TTL_SECONDS = 600;

/**
 * The OAuth `state`: random, stored hashed with what the return needs (provider, invite),
 * and also set as a cookie, so a callback is accepted only in the browser that started it.
 */
export async function createState(provider: ProviderName, inviteToken?: string): Promise<string> {
  const { token, hash } = newToken();
  await oauthStates.put({ provider, inviteToken, ttl: ttlIn(STATE_TTL_SECONDS) }, { key: keys.oauthState(hash) });
  return token;
}

/** Single use: the item is deleted as it is read. */
export async function consumeState(
  state: string,
): Promise<{ provider: ProviderName; inviteToken?: string } | undefined> {
  if (!state || state.length > 200) return undefined;
  const item = await oauthStates.take(keys.oauthState(hashSecret(state)));
  if (!item) return undefined;
  return { provider: item.provider, inviteToken: item.inviteToken };
}
