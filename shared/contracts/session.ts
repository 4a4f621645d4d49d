import { z } from 'zod/mini';
import { defineContract } from '../contract';
import { companySchema } from '../schemas/company-record';
import { invitationSchema, profileSchema } from '../schemas/session';

export const INVITE_INVALID = 'This invite is invalid or has expired.';

/**
 * The calls the app shell makes on every page: who is signed in, their companies, sign out,
 * and which company an invite is for. They are also `authContracts` and `companyContracts`
 * entries (the same objects); kept in a module of their own because a module is loaded whole,
 * and the shell should not carry every sign-up and company form's schema in each first load.
 */
export const sessionContracts = {
  profile: defineContract({
    method: 'GET',
    path: '/api/auth/profile',
    summary: "The signed-in user's profile; 401 when signed out",
    responses: { 200: profileSchema },
  }),
  logout: defineContract({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End the session',
    responses: { 204: null },
  }),
  companies: defineContract({
    method: 'GET',
    path: '/api/company',
    summary: "The user's companies with their users, pending invites and ideal customer profiles",
    responses: { 200: z.array(companySchema) },
  }),
  invitation: defineContract({
    method: 'GET',
    path: '/api/auth/invitation',
    summary: 'Which company an invite token is for',
    query: z.object({
      token: z
        .string({ error: INVITE_INVALID })
        .check(z.minLength(1, INVITE_INVALID), z.maxLength(200, INVITE_INVALID)),
    }),
    responses: { 200: invitationSchema },
  }),
};
