import { z } from 'zod/mini';
import { defineContract } from '../contract';
import { sessionContracts } from './session';
import {
  acceptInviteSchema,
  companyIdParams,
  companyInfoSchema,
  companyInviteSchema,
  companySchema,
  createCompanySchema,
  icpSchema,
  inviteSchema,
} from '../schemas/company';
import { numericId } from '../schemas/fields';
import { COMPANY_ROLES } from '../schemas/company-record';
import { jobStartedSchema } from '../schemas/lrp';
import { overviewRequestSchema, updateIcpSchema } from '../schemas/onboarding';

export const companyContracts = {
  list: sessionContracts.companies,
  create: defineContract({
    method: 'POST',
    path: '/api/company',
    summary: 'Create a company (or a demo company) with the caller as its first member',
    body: createCompanySchema,
    responses: { 201: companySchema },
  }),
  update: defineContract({
    method: 'PATCH',
    path: '/api/company/company',
    permission: 'profile',
    summary: "Change the selected company's information; only the fields sent change",
    body: companyInfoSchema,
    responses: { 200: companySchema },
  }),
  recreateDemo: defineContract({
    method: 'POST',
    path: '/api/company/recreate',
    permission: 'company',
    summary: 'Demo companies only: remove company data, plans and posts, keep members and invites',
    responses: { 204: null },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/company/{id}',
    permission: 'company',
    summary: 'Delete a company and everything it stores (not the selected one)',
    params: companyIdParams,
    responses: { 204: null },
  }),
  invite: defineContract({
    method: 'POST',
    path: '/api/company/{id}/invite',
    permission: 'team',
    summary:
      'Invite by email with a role no higher than your own (201), or renew the pending invite to that address (200)',
    params: companyIdParams,
    body: inviteSchema,
    responses: { 200: companyInviteSchema, 201: companyInviteSchema },
  }),
  revokeInvite: defineContract({
    method: 'DELETE',
    path: '/api/company/{id}/invite/{inviteId}',
    permission: 'team',
    summary: 'Revoke a pending invite',
    params: z.object({ id: numericId('Company not found'), inviteId: numericId('Invite not found') }),
    responses: { 204: null },
  }),
  removeUser: defineContract({
    method: 'DELETE',
    path: '/api/company/{id}/users/{userId}',
    permission: 'team',
    summary: 'Remove a member (never the last one, nor the last admin)',
    params: z.object({ id: numericId('Company not found'), userId: numericId('User not found') }),
    responses: { 204: null },
  }),
  setRole: defineContract({
    method: 'PUT',
    path: '/api/company/{id}/users/{userId}/role',
    permission: 'team',
    summary: "Set a member's role: admin, manager or client (never their own, never the last admin's)",
    params: z.object({ id: numericId('Company not found'), userId: numericId('User not found') }),
    body: z.object({ role: z.enum(COMPANY_ROLES) }),
    responses: { 204: null },
  }),
  overview: defineContract({
    method: 'POST',
    path: '/api/company/overview',
    permission: 'profile',
    summary: 'Read the website and draft the business overview: name, description, locations, tone, voice (job)',
    body: overviewRequestSchema,
    responses: { 202: jobStartedSchema },
  }),
  idealCustomer: defineContract({
    method: 'POST',
    path: '/api/company/ideal-customer',
    permission: 'profile',
    summary: 'Write two ideal customer profiles from the saved overview and store them pending (job)',
    responses: { 202: jobStartedSchema },
  }),
  updateIcp: defineContract({
    method: 'POST',
    path: '/api/company/update/icp',
    permission: 'profile',
    summary: 'Approve, remove or take back an ideal customer profile, or edit a pending one',
    body: updateIcpSchema,
    responses: { 200: icpSchema },
  }),
  acceptInvite: defineContract({
    method: 'POST',
    path: '/api/company/{id}/accept-invite',
    summary: 'Join the company an invite token was mailed for',
    params: companyIdParams,
    body: acceptInviteSchema,
    responses: { 200: companySchema },
  }),
};
