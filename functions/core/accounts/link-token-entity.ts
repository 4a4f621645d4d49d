import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/**
 * VERIFY#<userId>: the newest verification code of a user, hashed (TTL). `userId` is absent on
 * the decoy written for an address that gets no mail (VERIFY#0, type `verify-decoy`).
 */
const verifySchema = z.object({ userId: z.number().optional(), codeHash: z.string(), ttl: z.number() });
export const verifyCodes = defineEntity({
  type: 'verify',
  schema: verifySchema,
  key: (v) => keys.verifyCode(v.userId ?? 0),
});
export const verifyDecoys = defineEntity({ type: 'verify-decoy', schema: verifySchema, key: () => keys.verifyCode(0) });

/**
 * RESET#<resetId>: a password reset link, hashed, with the password generation it was issued
 * under (items written before the field read as 0; TTL). The decoy for an unknown address
 * (type `reset-decoy`) has no user.
 */
const resetSchema = z.object({
  userId: z.number().optional(),
  passwordGeneration: z.number().optional(),
  tokenHash: z.string(),
  ttl: z.number(),
});
// The reset id is the key alone, not a field: each write names its key.
export const resetLinks = defineEntity({ type: 'reset', schema: resetSchema });
export const resetDecoys = defineEntity({ type: 'reset-decoy', schema: resetSchema });
