import { z } from 'zod/mini';

/** The marketing plan (spec 01 §3): twelve months in markdown, and when it was written. */
export const marketingPlanSchema = z
  .object({
    plan: z.string(),
    updatedAt: z.string(),
  })
  .check(z.meta({ title: 'MarketingPlan' }));
