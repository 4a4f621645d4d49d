import { z } from 'zod/mini';
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
  .check(z.trim(), z.minLength(3, messages.companyNameMin), z.maxLength(255, messages.companyNameMax));

/** Optional long text: '' clears it; otherwise it must sit within the spec's bounds. */
const boundedText = (label: string, min: number, max = 65536) =>
  z.string({ error: `${label} must be text.` }).check(
    z.trim(),
    z.refine((v) => v === '' || v.length >= min, `${label} must be at least ${min} characters long.`),
    z.refine((v) => v.length <= max, `${label} must be no longer than ${max} characters.`),
  );

const nonNegativeInteger = (label: string) =>
  z.nullable(
    z
      .number({ error: `${label} must be an integer.` })
      .check(
        z.int(`${label} must be an integer.`),
        z.gte(0, `${label} must not be negative.`),
        z.lte(Number.MAX_SAFE_INTEGER, `${label} must be an integer.`),
      ),
  );

export const websiteField = z.pipe(
  z.string({ error: messages.urlInvalid }).check(z.maxLength(2048, messages.urlInvalid)),
  z.transform((value: string, ctx) => {
    if (value.trim() === '') return '';
    const result = normalizeWebsite(value);
    if (!result.ok) {
      ctx.issues.push({ code: 'custom', message: result.message, input: value });
      return z.NEVER;
    }
    return result.url;
  }),
);

export const locationsField = z
  .array(
    z.string({ error: messages.locationMin }).check(z.trim(), z.minLength(2, messages.locationMin), z.maxLength(255)),
    {
      error: 'Locations must be a list.',
    },
  )
  .check(z.maxLength(100, 'At most 100 locations.'));

/** POST /api/company: `demo` starts a sandbox company whose data the demo tab can wipe. */
export const createCompanySchema = z.object({ name: companyName, demo: z._default(z.optional(z.boolean()), false) });

/** PATCH /api/company/company: every field optional, each validated when present. */
export const companyInfoSchema = z.object({
  name: z.optional(companyName),
  website: z.optional(websiteField),
  goal: z.optional(z.nullable(z.enum(GOAL_VALUES, { error: messages.goalInvalid }))),
  tone: z.optional(boundedText('Marketing tone', 3)),
  voice: z.optional(boundedText('Marketing voice', 3)),
  description: z.optional(boundedText('Description', 80)),
  customers: z.optional(boundedText('Customers', 10)),
  why: z.optional(boundedText('Why', 10)),
  locations: z.optional(locationsField),
  current_revenue: z.optional(nonNegativeInteger('Current revenue')),
  suggested_budget: z.optional(nonNegativeInteger('Suggested budget')),
});
export type CompanyInfoInput = z.input<typeof companyInfoSchema>;

/** POST /api/company/{id}/invite */
export const inviteSchema = z.object({ email: emailField() });

/** POST /api/company/{id}/accept-invite */
export const acceptInviteSchema = z.object({
  token: z
    .string({ error: 'Invite token is required.' })
    .check(z.minLength(1, 'Invite token is required.'), z.maxLength(200)),
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

export const displayCompanyName = (name: string | undefined | null) => (name?.trim() ? name : messages.unnamedCompany);
