import { z } from 'zod';
import { defineEntity } from '../table/entity';

const sessionItemSchema = z.object({
  userId: z.number(),
  email: z.string(),
  createdAt: z.string(),
  ttl: z.number(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

/**
 * SESSION#<sha256(token)> / SESSION (TTL 30 days), mirrored on GSI1 under the user
 * (`SESSION#<hash>`) to end their sessions. The hash is the key alone, not a field: each write
 * names its key and index keys, and a user's sessions are read with their keys.
 */
export const sessions = defineEntity({ type: 'session', schema: sessionItemSchema });
