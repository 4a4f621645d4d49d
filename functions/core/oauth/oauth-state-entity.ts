import { z } from 'zod';
import { PROVIDERS } from '@shared/contracts/auth';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/**
 * OAUTHSTATE#<sha256(state)>: a sign-in round trip's provider, invite, PKCE code verifier and
 * OpenID nonce (single use, TTL). The verifier and nonce are kept only here, never in the
 * browser: the callback proves it finishes the round trip this server started.
 */
export const oauthStates = defineEntity({
  type: 'oauth-state',
  schema: z.object({
    provider: z.enum(PROVIDERS),
    inviteToken: z.string().optional(),
    // Optional so that a state item without them reads as what it is, a round trip that cannot finish.
    codeVerifier: z.string().optional(),
    nonce: z.string().optional(),
    ttl: z.number(),
  }),
  // The key is the state's hash, kept nowhere else: each write names it.
});

/** IDENTITY#<provider>#<subject>: the user a provider identity signs in as. */
export const identities = defineEntity({
  type: 'identity',
  schema: z.object({
    provider: z.enum(PROVIDERS),
    subject: z.string(),
    userId: z.number(),
    linkedAt: z.string(),
    /**
     * Linked when nobody had proved the account's address (a new account from a Facebook email,
     * which Facebook does not say it confirmed): the link holds only while the account stays
     * unverified, so whoever proves the address later (a mailed link, a reset, Google) owns
     * the account alone.
     */
    addressUnproven: z.boolean().optional(),
  }),
  key: (i) => keys.identity(i.provider, i.subject),
});
