import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/**
 * Keys are fetched from the provider's JWKS on first use and kept; a token naming a `kid` not
 * among them fetches again (at most once per cooldown), which is how a provider's key rotation
 * reaches us. One set per URL and process, so a warm Lambda does not fetch per sign-in.
 */
const remoteSets = new Map<string, JWTVerifyGetKey>();
export function remoteKeys(jwksUrl: string): JWTVerifyGetKey {
  let set = remoteSets.get(jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 10_000, cooldownDuration: 30_000 });
    remoteSets.set(jwksUrl, set);
  }
  return set;
}

/** Why an ID token was refused, for the log (the user is told only that sign-in could not be checked). */
export class IdTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdTokenError';
  }
}

export interface IdTokenCheck {
  /** The `iss` values this provider signs as (Google uses two spellings of one). */
  issuer: string[];
  /** Our client id: the token must be meant for us. */
  audience: string;
  /** The nonce this round trip sent, kept with its state. */
  nonce: string;
  keys: JWTVerifyGetKey;
  now?: Date;
}

/**
 * Checks an ID token as OpenID Connect Core §3.1.3.7 says: signed with one of the provider's
 * published keys (RS256, the algorithm Google and our sandbox use: an allow-list, so `none` or a
 * symmetric algorithm keyed with a public key cannot pass), issued by the provider, for our
 * client (and, when meant for several audiences, authorized to us), not expired, and carrying
 * the nonce this round trip sent, so a token minted for another round trip cannot be replayed
 * into this one. Answers the verified claims.
 */
export async function verifyIdToken(idToken: string, check: IdTokenCheck): Promise<JWTPayload & { sub: string }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, check.keys, {
      algorithms: ['RS256'],
      issuer: check.issuer,
      audience: check.audience,
      requiredClaims: ['sub', 'iat', 'exp'],
      // Clocks drift: a minute either way, not more.
      clockTolerance: 60,
      ...(check.now ? { currentDate: check.now } : {}),
    }));
  } catch (error) {
    // A key set that cannot be fetched refuses the token too: nothing unchecked signs anyone in.
    throw new IdTokenError(
      error instanceof errors.JOSEError ? `${error.code}: ${error.message}` : `unchecked: ${(error as Error).message}`,
    );
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== check.audience) {
    throw new IdTokenError('The ID token names several audiences and is not authorized to us (azp).');
  }
  // Compared as given: the nonce is ours, random, and must come back unchanged.
  if (typeof payload.nonce !== 'string' || payload.nonce !== check.nonce) {
    throw new IdTokenError('The ID token does not carry the nonce this sign-in sent.');
  }
  if (typeof payload.sub !== 'string' || !payload.sub) throw new IdTokenError('The ID token has no subject.');
  return payload as JWTPayload & { sub: string };
}
