import { z } from 'zod/mini';
import { messages } from '../messages';
import { companyInfoSchema, GOAL_VALUES, icpSchema, websiteField } from './company';
import { numericId, preprocess } from './fields';

/**
 * Sentences of the onboarding calls that the spec leaves open, written for a user who has to act
 * on them. The spec's own sentences (goal, revenue, budget, URL) come from shared/messages.ts.
 */
export const onboardingMessages = {
  icpNotFound: 'Ideal customer profile not found',
  icpProfileRequired: 'The profile cannot be empty.',
  icpProfileTooLong: 'The profile must be no longer than 20000 characters.',
  icpApprovedInvalid: 'Choose approve, remove or back.',
  icpEditOnlyPending: 'Only a pending profile can be edited. Choose Back first.',
  icpDecideFromPending: 'This profile was already decided. Choose Back first.',
  overviewMissing: 'Save your business overview first: the ideal customer profiles are written from it.',
  approvedIcpMissing: 'Approve at least one ideal customer profile first: the plan is written for them.',
  goalMissing: 'Choose your goal first: the plan is written to reach it.',
  planMissing: 'There is no marketing plan yet. Generate one first.',
  notAWebPage: 'This address did not answer with a web page.',
  siteError: (host: string, status: number) =>
    `${host} answered with an error (${status}). Check the address and try again.`,
} as const;

/** Spec 01 §9: the ideal customer step writes exactly two profiles. */
const ICP_PROFILE_COUNT = 2;
/** An ICP is a page of markdown; the bound keeps a profile far below DynamoDB's item limit. */
const ICP_PROFILE_MAX = 20_000;

/** POST /api/company/overview: the website to read (the company rule: https:// added when missing). */
export const overviewRequestSchema = z.object({
  website: websiteField.check(z.refine((url) => url !== '', messages.urlInvalid)),
});

/** The generated company overview (spec 01 §3), the result of the overview job. */
export const companyOverviewSchema = z.object({
  name: z.string(),
  description: z.string(),
  locations: z.array(z.string()),
  tone: z.string(),
  voice: z.string(),
});

/** The ideal customer job's result: the spec's two profiles, and the ICP items they were stored as. */
export const idealCustomersResultSchema = z.object({
  profiles: z.array(z.string()).check(z.length(ICP_PROFILE_COUNT)),
  icps: z.array(icpSchema),
});

/**
 * POST /api/company/update/icp: approve (true), remove (false), back (null), or edit the profile
 * of a pending one (spec 01 §4 "ICP").
 */
export const updateIcpSchema = z.object({
  id: numericId(onboardingMessages.icpNotFound),
  profile: z
    .string({ error: onboardingMessages.icpProfileRequired })
    .check(
      z.trim(),
      z.minLength(1, onboardingMessages.icpProfileRequired),
      z.maxLength(ICP_PROFILE_MAX, onboardingMessages.icpProfileTooLong),
    ),
  approved: z.nullable(z.boolean({ error: onboardingMessages.icpApprovedInvalid })),
});

const info = companyInfoSchema.shape;
const required = <S extends z.core.$ZodType>(schema: S, message: string) =>
  preprocess((value) => (value === undefined || value === null ? '' : value), schema).check(
    z.refine((v) => v !== '', message),
  );

/**
 * The goal dialog before the plan (spec 01 §4 "Onboarding"): every field is needed for a plan,
 * each with the company rule's sentence (spec 01 §5). Saved with PATCH /api/company/company.
 */
export const goalDialogSchema = z.object({
  goal: z.enum(GOAL_VALUES, { error: messages.goalInvalid }),
  customers: required(info.customers.def.innerType, 'Customers must be at least 10 characters long.'),
  why: required(info.why.def.innerType, 'Why must be at least 10 characters long.'),
  // A missing number reads as the spec's "must be an integer" sentence.
  current_revenue: info.current_revenue.def.innerType.def.innerType,
  suggested_budget: info.suggested_budget.def.innerType.def.innerType,
});
