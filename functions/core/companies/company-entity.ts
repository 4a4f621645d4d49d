import { z } from 'zod';
import { GOAL_VALUES } from '@shared/schemas/company';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/** Long texts are bounded by the API's schemas; the item as a whole by DynamoDB's 400 KB. */
const companyItemSchema = z.object({
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
  /** A demo's report figures are drawn from this seed on read (reports/demo-metrics.ts); Refresh report changes it. */
  demoSeed: z.number().int().optional(),
  /** When a demo was last reset: a sample history asked for before then writes nothing more. */
  demoResetAt: z.string().optional(),
  createdAt: z.string(),
  /**
   * Members, kept by the same transactions that add and remove them, so "a company keeps at
   * least one member" is a condition DynamoDB checks, not a count that can race.
   */
  memberCount: z.number().int().min(0),
  /**
   * Admins, kept the same way, so "a company keeps at least one admin" is a condition too.
   * Absent on companies from before it: counted from the members on the first change that needs it.
   */
  adminCount: z.number().int().min(0).optional(),
  version: z.number().int(),
});
export type CompanyItem = z.infer<typeof companyItemSchema>;

/** The business in its owner's words, as the API shows it and the AI is told it. */
export const businessProfile = (company: CompanyItem) => ({
  name: company.name,
  description: company.description,
  website: company.website,
  customers: company.customers,
  goal: company.goal,
  why: company.why,
  tone: company.tone,
  voice: company.voice,
  locations: company.locations,
});

export const companies = defineEntity({
  type: 'company',
  schema: companyItemSchema,
  key: (c) => keys.company(c.id),
  versioned: true,
});
