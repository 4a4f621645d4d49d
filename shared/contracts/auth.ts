import { z } from 'zod/mini';
import { defineContract } from '../contract';
import {
  changePasswordSchema,
  consumeResetSchema,
  loginSchema,
  profilePatchSchema,
  profileSchema,
  registeredSchema,
  registerSchema,
  requestResetSchema,
  resendVerifySchema,
  signedInSchema,
  verifySchema,
} from '../schemas/auth';
import { messageSchema } from '../schemas/common';
import { sessionContracts } from './session';

export { INVITE_INVALID } from './session';

export const PROVIDERS = ['google', 'facebook'] as const;
export type ProviderName = (typeof PROVIDERS)[number];
const providerParams = z.object({ provider: z.enum(PROVIDERS, { error: 'Unknown sign-in provider.' }) });

export const authContracts = {
  register: defineContract({
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Sign up; mails a verification link unless an invite to this address proves it',
    body: registerSchema,
    responses: { 201: registeredSchema },
  }),
  verify: defineContract({
    method: 'POST',
    path: '/api/auth/verify',
    summary: 'Verify the email with the code from the link',
    body: verifySchema,
    responses: { 200: messageSchema },
  }),
  resendVerify: defineContract({
    method: 'POST',
    path: '/api/auth/resend-verify',
    summary: 'Mail a new verification link (same answer for unknown addresses)',
    body: resendVerifySchema,
    responses: { 200: messageSchema },
  }),
  login: defineContract({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password; sets the session and company cookies',
    body: loginSchema,
    responses: { 200: signedInSchema },
  }),
  logout: sessionContracts.logout,
  requestReset: defineContract({
    method: 'POST',
    path: '/api/auth/request-reset',
    summary: 'Mail a password reset link (same answer for unknown addresses)',
    body: requestResetSchema,
    responses: { 200: messageSchema },
  }),
  consumeReset: defineContract({
    method: 'POST',
    path: '/api/auth/consume-reset',
    summary:
      "Set a new password with a reset link; ends every session, and with revokeApiKeys deletes the user's API keys",
    body: consumeResetSchema,
    responses: { 200: messageSchema },
  }),
  invitation: sessionContracts.invitation,
  profile: sessionContracts.profile,
  patchProfile: defineContract({
    method: 'PATCH',
    path: '/api/auth/profile',
    summary: 'Change name and newsletter choice',
    body: profilePatchSchema,
    responses: { 200: profileSchema },
  }),
  changePassword: defineContract({
    method: 'PATCH',
    path: '/api/auth/change-password',
    summary: 'Change the password; ends the other sessions',
    body: changePasswordSchema,
    responses: { 200: messageSchema },
  }),
  oauthStart: defineContract({
    method: 'GET',
    path: '/api/auth/oauth/{provider}',
    summary: "Browser navigation: redirect to the provider's consent page",
    params: providerParams,
    query: z.object({
      inviteToken: z.optional(z.string().check(z.maxLength(200))),
      // "Use another account": the provider's account chooser, asked for only then.
      prompt: z.optional(z.literal('select_account')),
    }),
    responses: { 302: null },
  }),
  oauthCallback: defineContract({
    method: 'GET',
    path: '/api/auth/oauth/{provider}/callback',
    summary: 'The provider sends the browser back here; signs in and redirects to the app',
    params: providerParams,
    query: z.object({
      code: z.optional(z.string().check(z.maxLength(2000))),
      state: z.optional(z.string().check(z.maxLength(200))),
      error: z.optional(z.string().check(z.maxLength(200))),
    }),
    responses: { 302: null },
  }),
};
