import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/** The company's one marketing plan (spec 01 §3): markdown, replaced whole by each generation. */
const planItemSchema = z.object({
  companyId: z.number(),
  plan: z.string(),
  updatedAt: z.string(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

/** COMPANY#<id> / MARKETING_PLAN: read alone by GET /api/plan, removed with the company's data. */
export const plans = defineEntity({
  type: 'plan',
  schema: planItemSchema,
  key: (p) => keys.marketingPlan(p.companyId),
});
