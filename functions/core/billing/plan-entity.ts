import { z } from 'zod';
import { planSchema } from '@shared/schemas/billing';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/** A plan item: the API's plan plus the seed revision that wrote it (see plan-store.ts). */
const planItemSchema = z.object({ ...planSchema.shape, seedRevision: z.number().int().min(0) });
export type PlanItem = z.infer<typeof planItemSchema>;

/** PLAN / PLAN#<slug>: every plan in one small partition, read with one Query. */
export const plans = defineEntity({
  type: 'plan',
  schema: planItemSchema,
  key: (p) => keys.billingPlan(p.slug),
});
