import { z } from 'zod/mini';

/**
 * The answers the app shell reads on every page (who is signed in, which company an invite is
 * for). Kept apart from the sign-up and profile forms' schemas in auth.ts: a module is loaded
 * whole, so this one keeps those forms out of every page's first load.
 */

/** GET /api/auth/profile answer. */
export const profileSchema = z
  .object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    subscribed: z.boolean(),
  })
  .check(z.meta({ title: 'Profile' }));
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/auth/invitation?token= answer: who invites, and the address the invite was sent to. */
export const invitationSchema = z.object({ companyName: z.string(), companyID: z.number(), email: z.string() });
