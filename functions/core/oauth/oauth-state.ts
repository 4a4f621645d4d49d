import { createHash, randomBytes } from 'node:crypto';
import { newToken, hashSecret } from '../accounts/tokens';
import { ttlIn } from '../table/client';
import { keys } from '../table/keys';
import { oauthStates } from './oauth-state-entity';
import type { ProviderName } from './providers';

/** A sign-in round trip through a provider must finish within ten minutes. */
export const STATE_TTL_SECONDS = 600;

/** What the start sends the provider beside the state. */
export interface RoundTripStart {
  state: string;
  /** PKCE (RFC 7636), S256: the SHA-256 of the verifier kept with the state, base64url. */
  codeChallenge: string;
  /** OpenID Connect: the ID token must carry this value back. */
  nonce: string;
}

/** What the callback needs back: a state that is single use, with its verifier and nonce. */
export interface RoundTrip {
  provider: ProviderName;
  inviteToken?: string;
  codeVerifier: string;
  nonce: string;
}

/** 32 random bytes as base64url: 43 characters, within RFC 7636's 43 to 128 for a verifier. */
const random = () => randomBytes(32).toString('base64url');

const codeChallengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The OAuth `state`: random, stored hashed with what the return needs (provider, invite, the
 * PKCE code verifier, the nonce), and also set as a cookie, so a callback is accepted only in
 * the browser that started it. A code taken from the redirect on its way is worth nothing
 * without the verifier, which never leaves the server.
 */
export async function createState(provider: ProviderName, inviteToken?: string): Promise<RoundTripStart> {
  const { token, hash } = newToken();
  const codeVerifier = random();
  const nonce = random();
  await oauthStates.put(
    { provider, inviteToken, codeVerifier, nonce, ttl: ttlIn(STATE_TTL_SECONDS) },
    { key: keys.oauthState(hash) },
  );
  return { state: token, codeChallenge: codeChallengeOf(codeVerifier), nonce };
}

/** Single use: the item is deleted as it is read. */
export async function consumeState(state: string): Promise<RoundTrip | undefined> {
  if (!state || state.length > 200) return undefined;
  const item = await oauthStates.take(keys.oauthState(hashSecret(state)));
  if (!item?.codeVerifier || !item.nonce) return undefined;
  return { provider: item.provider, inviteToken: item.inviteToken, codeVerifier: item.codeVerifier, nonce: item.nonce };
}
