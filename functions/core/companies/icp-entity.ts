import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/** An ideal customer profile (spec 01 §3); `approved` is null until the user decides. */
const icpItemSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  profile: z.string(),
  updatedAt: z.string(),
  approved: z.boolean().nullable(),
});
export type IcpItem = z.infer<typeof icpItemSchema>;

/** COMPANY#<id> / ICP#<id>: read with the company, never alone. */
export const icps = defineEntity({
  type: 'icp',
  schema: icpItemSchema,
  key: (i) => keys.icp(i.company_id, i.id),
});
