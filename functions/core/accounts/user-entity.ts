import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

const userItemSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  subscribed: z.boolean(),
  /** Absent for accounts created through social sign-in until they set a password. */
  passwordHash: z.string().optional(),
  verified: z.boolean(),
  /**
   * Raised by every password change, reset or takeover: a reset link carries the value it was
   * issued under, so setting a password ends every other outstanding link.
   */
  passwordGeneration: z.number().int().optional(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type UserItem = z.infer<typeof userItemSchema>;

export const users = defineEntity({
  type: 'user',
  schema: userItemSchema,
  key: (u) => keys.user(u.id),
  versioned: true,
});

/** EMAIL#<address>: claims the address for one user id (unique by its key). */
export const emailClaims = defineEntity({
  type: 'email',
  schema: z.object({ email: z.string(), userId: z.number() }),
  key: (c) => keys.userEmail(c.email),
});
