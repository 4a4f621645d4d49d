import { z } from 'zod';
import { PROVIDERS } from '@shared/contracts/auth';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/** OAUTHSTATE#<sha256(state)>: a sign-in round trip's provider and invite (single use, TTL). */
export const oauthStates = defineEntity({
  type: 'oauth-state',
  schema: z.object({
    provider: z.enum(PROVIDERS),
    inviteToken: z.string().optional(),
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
  }),
  key: (i) => keys.identity(i.provider, i.subject),
});
