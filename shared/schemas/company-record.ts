import { z } from 'zod/mini';
import { shellMessages } from '../shell-messages';

/**
 * A company as GET /api/company lists it, which the app shell loads on every page. Kept apart
 * from the company forms' schemas in company.ts: a module is loaded whole, so this one keeps
 * those forms out of every page's first load.
 */

/** Goal values and their labels (spec 01 §3). */
export const GOALS = {
  LAUNCHING_BUSINESS: 'I am just launching my business.',
  CUSTOMER_INCREASE: 'I need to increase customers.',
  MAINTAIN_BUSINESS: 'I need to maintain my current business.',
  BOTH_MAINTAIN: 'both maintain my customers and increase business.',
} as const;
export type Goal = keyof typeof GOALS;
export const GOAL_VALUES = Object.keys(GOALS) as [Goal, ...Goal[]];

/**
 * A member's role (spec 02 §6), here because every page's company list carries it; what each
 * role may do is in permissions.ts, which only the pages that ask load.
 */
export const COMPANY_ROLES = ['admin', 'manager', 'client'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

const companyUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Spec 02 §6's audit roles; absent on answers from before roles, read as admin. */
  role: z.optional(z.enum(COMPANY_ROLES)),
});
/** A pending invite; `role` is what the invitee joins as (absent on invites from before roles: manager). */
export const companyInviteSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.optional(z.enum(COMPANY_ROLES)),
});

/** An ideal customer profile (spec 01 §3): markdown, approved true/false, or not yet decided. */
export const icpSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  profile: z.string(),
  updatedAt: z.string(),
  approved: z.nullable(z.boolean()),
});
export type Icp = z.infer<typeof icpSchema>;

/** One company as GET /api/company lists it. */
export const companySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    website: z.string(),
    customers: z.string(),
    goal: z.nullable(z.enum(GOAL_VALUES)),
    why: z.string(),
    current_revenue: z.nullable(z.number()),
    suggested_budget: z.nullable(z.number()),
    tone: z.string(),
    voice: z.string(),
    locations: z.array(z.string()),
    onboarded: z.boolean(),
    demo: z.boolean(),
    users: z.array(companyUserSchema),
    invites: z.array(companyInviteSchema),
    icps: z.array(icpSchema),
  })
  .check(z.meta({ title: 'Company' }));
export type Company = z.infer<typeof companySchema>;

export const displayCompanyName = (name: string | undefined | null) =>
  name?.trim() ? name : shellMessages.unnamedCompany;
