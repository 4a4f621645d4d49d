import { z } from 'zod';
import { CONNECTED_PLATFORMS } from '@shared/schemas/integrations';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

const ciphertext = z.string().regex(/^(gcm|kms):/, 'secrets must be ciphertext');
const named = z.object({ id: z.string(), name: z.string() });

/**
 * A company's connection to one platform: a social platform, its WordPress site, the Google
 * profile (Search Console) or Google My Business. `secrets` is sealed with the platform-token
 * key, bound to the company and platform: the social platforms' tokens and the chosen page's own
 * token, Google's tokens, WordPress's application password or WordPress.com token. `profile` is
 * what the connection works on: the page or profile posts go to, the WordPress site, the Search
 * Console property, the Business Profile account. `status` is `reconnect` once the connection no
 * longer works (a token that cannot be refreshed, a grant taken back, a revoked password): the
 * apps tab says to connect again, with `message` when there is one.
 */
const connectionSchema = z.object({
  companyId: z.number().int(),
  platform: z.enum(CONNECTED_PLATFORMS),
  status: z.enum(['connected', 'reconnect']),
  account: named,
  profile: named.optional(),
  secrets: ciphertext,
  expiresAt: z.string().optional(),
  refreshExpiresAt: z.string().optional(),
  connectedAt: z.string(),
  refreshedAt: z.string().optional(),
  /**
   * The refresh target the schedule was armed for ('' once dropped): the refresh job re-arms
   * when it is done, and a read of the connection re-arms when this differs from its target.
   */
  refreshArmedFor: z.string().optional(),
  message: z.string().optional(),
  /**
   * The scopes the platform says it granted (social platforms that say: Meta, LinkedIn); absent
   * for a connection made before they were recorded, read as what was asked then
   * (platform-scopes.ts).
   */
  scopes: z.array(z.string()).optional(),
  version: z.number().int().optional(),
});
export type Connection = z.infer<typeof connectionSchema>;

/**
 * The item as stored, which is also how items written before the one connection model read:
 * social connections kept their ciphertext in `tokens`; WordPress and Google ones were of type
 * `app-integration`, named their platform `app`, their profile `choice`, and said
 * `disconnected` for `reconnect`. Those names are read (and replaced on the next whole write),
 * never written; `toConnection` gives every item today's shape.
 */
const storedConnectionSchema = connectionSchema.extend({
  platform: connectionSchema.shape.platform.optional(),
  app: z.enum(['wordpress', 'google', 'google-my-business']).optional(),
  status: z.enum(['connected', 'reconnect', 'disconnected']),
  choice: named.optional(),
  secrets: ciphertext.optional(),
  tokens: ciphertext.optional(),
});
type StoredConnection = z.infer<typeof storedConnectionSchema>;

const platformOf = (stored: Pick<StoredConnection, 'platform' | 'app'>) => {
  const platform = stored.platform ?? stored.app;
  if (!platform) throw new Error('A stored connection names no platform');
  return platform;
};

/** Today's shape of a stored connection, whichever shape it was written in; parsed again. */
export function toConnection(stored: StoredConnection): Connection {
  const { app: _app, choice, tokens, ...rest } = stored;
  return connectionSchema.parse({
    ...rest,
    platform: platformOf(stored),
    status: stored.status === 'disconnected' ? 'reconnect' : stored.status,
    profile: stored.profile ?? choice,
    secrets: stored.secrets ?? tokens,
  });
}

export const storedConnections = defineEntity({
  type: 'integration',
  schema: storedConnectionSchema,
  key: (c) => keys.integration(c.companyId, platformOf(c)),
  versioned: true,
});
