import { z } from 'zod/mini';
import { messages } from '../messages';
import { normalizeWebsite } from '../url';
import { COMPANY_ROLES, GOAL_VALUES } from './company-record';
import { emailField, numericId } from './fields';

// The company as the app shell lists it lives in company-record.ts, so every page's first load
// carries it without the company forms' schemas below.
export {
  companyInviteSchema,
  companySchema,
  displayCompanyName,
  GOAL_VALUES,
  GOALS,
  icpSchema,
  type Company,
  type Icp,
} from './company-record';

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
/** POST /api/company/{id}/invite: the address, and the role the invitee joins as (a manager unless said). */
export const inviteSchema = z.object({ email: emailField(), role: z.optional(z.enum(COMPANY_ROLES)) });

/** POST /api/company/{id}/accept-invite */
export const acceptInviteSchema = z.object({
  token: z
    .string({ error: 'Invite token is required.' })
    .check(z.minLength(1, 'Invite token is required.'), z.maxLength(200)),
});

export const companyIdParams = z.object({ id: numericId('Company not found') });
