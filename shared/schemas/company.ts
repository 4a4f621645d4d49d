import { z } from 'zod';
import { messages } from '../messages';
import { normalizeWebsite } from '../url';
import { emailField, numericId } from './fields';

/** Goal values and their labels (spec 01 §3). */
export const GOALS = {
  LAUNCHING_BUSINESS: 'I am just launching my business.',
  CUSTOMER_INCREASE: 'I need to increase customers.',
  MAINTAIN_BUSINESS: 'I need to maintain my current business.',
  BOTH_MAINTAIN: 'both maintain my customers and increase business.',
} as const;
export type Goal = keyof typeof GOALS;
export const GOAL_VALUES = Object.keys(GOALS) as [Goal, ...Goal[]];

export const companyName = z
  .string({ error: messages.companyNameMin })
  .trim()
  .min(3, messages.companyNameMin)
  .max(255, messages.companyNameMax);

/** Optional long text: '' clears it; otherwise it must sit within the spec's bounds. */
const boundedText = (label: string, min: number, max = 65536) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .refine((v) => v === '' || v.length >= min, `${label} must be at least ${min} characters long.`)
    .refine((v) => v.length <= max, `${label} must be no longer than ${max} characters.`);

const nonNegativeInteger = (label: string) =>
  z
    .number({ error: `${label} must be an integer.` })
    .int(`${label} must be an integer.`)
    .min(0, `${label} must not be negative.`)
    .max(Number.MAX_SAFE_INTEGER, `${label} must be an integer.`)
    .nullable();

export const websiteField = z
  .string({ error: messages.urlInvalid })
  .max(2048, messages.urlInvalid)
  .transform((value, ctx) => {
    if (value.trim() === '') return '';
    const result = normalizeWebsite(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.url;
  });

export const locationsField = z
  .array(z.string({ error: messages.locationMin }).trim().min(2, messages.locationMin).max(255), {
    error: 'Locations must be a list.',
  })
  .max(100, 'At most 100 locations.');

/** POST /api/company: `demo` starts a sandbox company whose data the demo tab can wipe. */
export const createCompanySchema = z.object({ name: companyName, demo: z.boolean().optional().default(false) });

/** PATCH /api/company/company: every field optional, each validated when present. */
export const companyInfoSchema = z.object({
  name: companyName.optional(),
  website: websiteField.optional(),
  goal: z.enum(GOAL_VALUES, { error: messages.goalInvalid }).nullable().optional(),
  tone: boundedText('Marketing tone', 3).optional(),
  voice: boundedText('Marketing voice', 3).optional(),
  description: boundedText('Description', 80).optional(),
  customers: boundedText('Customers', 10).optional(),
  why: boundedText('Why', 10).optional(),
  locations: locationsField.optional(),
  current_revenue: nonNegativeInteger('Current revenue').optional(),
  suggested_budget: nonNegativeInteger('Suggested budget').optional(),
});
export type CompanyInfoInput = z.input<typeof companyInfoSchema>;

/** POST /api/company/{id}/invite */
export const inviteSchema = z.object({ email: emailField() });

/** POST /api/company/{id}/accept-invite */
export const acceptInviteSchema = z.object({
  token: z.string({ error: 'Invite token is required.' }).min(1, 'Invite token is required.').max(200),
});

export const companyIdParams = z.object({ id: numericId('Company not found') });

export const companyUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export const companyInviteSchema = z.object({ id: z.number(), email: z.string() });

/** An ideal customer profile (spec 01 §3): markdown, approved true/false, or not yet decided. */
export const icpSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  profile: z.string(),
  updatedAt: z.string(),
  approved: z.boolean().nullable(),
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
    goal: z.enum(GOAL_VALUES).nullable(),
    why: z.string(),
    current_revenue: z.number().nullable(),
    suggested_budget: z.number().nullable(),
    tone: z.string(),
    voice: z.string(),
    locations: z.array(z.string()),
    onboarded: z.boolean(),
    demo: z.boolean(),
    users: z.array(companyUserSchema),
    invites: z.array(companyInviteSchema),
    icps: z.array(icpSchema),
  })
  .meta({ title: 'Company' });
export type Company = z.infer<typeof companySchema>;

export const displayCompanyName = (name: string | undefined | null) => (name?.trim() ? name : messages.unnamedCompany);
