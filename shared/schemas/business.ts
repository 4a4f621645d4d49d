import { z } from 'zod/mini';

/** Spec 02 §8: what the apps tab and the business manager show when Google took the grant back. */
export const GMB_DISCONNECTED_WARNING =
  'Google my business has been disconnected. Please reconnect from the apps page if you wish to continue using this feature.';

/**
 * Spec 01 §3: connected and an optional message, 'disconnected' when the Google grant is gone
 * (revoked, expired, password changed); `account` is the chosen Business Profile account.
 */
export const businessStatusSchema = z.object({
  connected: z.boolean(),
  message: z.optional(z.literal('disconnected')),
  account: z.optional(z.object({ id: z.string(), name: z.string() })),
});
export type BusinessStatus = z.infer<typeof businessStatusSchema>;

/** A Business Profile account (accounts.list): `accounts/{id}`, its name and kind. */
const businessAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
});
export type BusinessAccount = z.infer<typeof businessAccountSchema>;
export const businessAccountsSchema = z.array(businessAccountSchema);

/** A location of the chosen account (accounts.locations.list): `locations/{id}`, its title and address. */
const businessLocationSchema = z.object({ id: z.string(), title: z.string(), address: z.string() });
export type BusinessLocation = z.infer<typeof businessLocationSchema>;
export const businessLocationsSchema = z.array(businessLocationSchema);

/** GET /api/business/account: the chosen account, if any. */
export const chosenAccountSchema = z.object({ account: z.optional(z.object({ id: z.string(), name: z.string() })) });

export const chooseAccountSchema = z.object({
  id: z
    .string({ error: 'Choose an account.' })
    .check(z.minLength(1, 'Choose an account.'), z.maxLength(200), z.regex(/^accounts\/\d+$/, 'Choose an account.')),
});

export const businessConnectQuerySchema = z.object({
  inviteToken: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export const businessConnectAnswerSchema = z.object({ url: z.string() });

export const businessCallbackQuerySchema = z.object({
  code: z.optional(z.string().check(z.maxLength(2000))),
  state: z.optional(z.string().check(z.maxLength(200))),
  error: z.optional(z.string().check(z.maxLength(200))),
  scope: z.optional(z.string().check(z.maxLength(2000))),
});
