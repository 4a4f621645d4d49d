import { z } from 'zod/mini';
import { messages } from '../messages';
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { emailField, numericId, passwordField, requiredText, textWithMin } from './fields';
import { profileSchema } from './session';

// The app shell's answers live in session.ts so every page's first load carries only them.
export { profileSchema, type Profile } from './session';

const inviteToken = z.optional(z.string().check(z.maxLength(200)));

/** POST /api/auth/register */
export const registerSchema = z.object({
  firstName: requiredText(messages.firstNameRequired).check(z.maxLength(100)),
  lastName: requiredText(messages.lastNameRequired).check(z.maxLength(100)),
  email: emailField(),
  password: passwordField(),
  subscribed: z._default(z.optional(z.boolean()), false),
  accept_terms: z.literal(true, { error: messages.acceptTerms }),
  inviteToken,
});
export type RegisterInput = z.input<typeof registerSchema>;

/** POST /api/auth/login */
export const loginSchema = z.object({
  email: emailField(),
  // Spec 01 §5: sign in checks the same minimum as sign up and reset.
  password: passwordField(),
  inviteToken,
});
export type LoginInput = z.input<typeof loginSchema>;

/** POST /api/auth/verify: the code and user id from the verification link. */
export const verifySchema = z.object({
  code: z
    .string({ error: 'Verification code is required.' })
    .check(z.minLength(1, 'Verification code is required.'), z.maxLength(200)),
  id: numericId('Verification link is not valid.'),
});

/** POST /api/auth/resend-verify */
export const resendVerifySchema = z.object({
  email: emailField(messages.resendEmailInvalid, messages.resendEmailInvalid),
});

/** POST /api/auth/request-reset */
export const requestResetSchema = z.object({
  email: emailField(messages.emailInvalid, messages.emailInvalid),
});

/** POST /api/auth/consume-reset */
export const consumeResetSchema = z.object({
  id: numericId('Reset link is not valid.'),
  token: z
    .string({ error: 'Reset link is not valid.' })
    .check(z.minLength(1, 'Reset link is not valid.'), z.maxLength(200)),
  password: passwordField(),
  /** Also delete every API key this user made, in every company (a leaked password may have leaked them). */
  revokeApiKeys: z.optional(z.boolean({ error: 'Revoke API keys must be true or false.' })),
});

const profileName = (required: string) => textWithMin(required, NAME_MIN_LENGTH, messages.nameMin2, { max: 100 });

/** PATCH /api/auth/profile */
export const profilePatchSchema = z.object({
  firstName: profileName(messages.profileFirstNameRequired),
  lastName: profileName(messages.profileLastNameRequired),
  subscribed: z.boolean({ error: 'Subscribed must be true or false.' }),
});
export type ProfilePatch = z.input<typeof profilePatchSchema>;

/** PATCH /api/auth/change-password */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: messages.passwordRequired })
      .check(z.minLength(1, messages.passwordRequired), z.maxLength(256)),
    newPassword: textWithMin(messages.newPasswordRequired, PASSWORD_MIN_LENGTH, messages.newPasswordMin, {
      trim: false,
      max: 256,
    }),
    repeatPassword: z
      .string({ error: messages.confirmPasswordRequired })
      .check(z.minLength(1, messages.confirmPasswordRequired)),
  })
  .check(
    z.refine((v) => v.newPassword === v.repeatPassword, {
      path: ['repeatPassword'],
      message: messages.passwordsMustMatch,
    }),
  );
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The 403 a login with an unverified email gets (the password was right, so not a 401); the sign-in page keys the resend link on `code`. */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
export const emailNotVerifiedMessage =
  'Please verify your email before signing in. Check your inbox for the verification link.';

/** POST /api/auth/register answer: `verified` when an invite to this address already proved it. */
export const registeredSchema = z.object({ verified: z.boolean(), message: z.string() });

/** What every sign-in answers: the profile, the company to select, and why an invite failed. */
export const signedInSchema = z.object({
  profile: profileSchema,
  companyId: z.number(),
  inviteError: z.optional(z.string()),
});
