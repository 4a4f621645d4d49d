import { z } from 'zod';
import { SOCIAL_PLATFORMS } from '@shared/schemas/integrations';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/**
 * A company's connection to one platform. `tokens` is the encrypted JSON of the TokenSet and
 * the chosen page's own token; nothing else here is secret. `status` is `reconnect` once the
 * tokens can no longer be refreshed (expired, revoked): the apps tab says to connect again.
 */
export const connectionSchema = z.object({
  companyId: z.number().int(),
  platform: z.enum(SOCIAL_PLATFORMS),
  status: z.enum(['connected', 'reconnect']),
  account: z.object({ id: z.string(), name: z.string() }),
  profile: z.object({ id: z.string(), name: z.string() }).optional(),
  tokens: z.string().regex(/^(gcm|kms):/, 'tokens must be ciphertext'),
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
  version: z.number().int().optional(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connections = defineEntity({
  type: 'integration',
  schema: connectionSchema,
  key: (c) => keys.integration(c.companyId, c.platform),
  versioned: true,
});
