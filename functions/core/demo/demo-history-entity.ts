import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/**
 * What a demo company's sample history last wrote: its posts, so a refresh replaces exactly
 * those (posts the visitor wrote stay), and when.
 */
export const demoHistorySchema = z.object({
  companyId: z.number(),
  postIds: z.array(z.number()),
  writtenAt: z.string(),
});
export type DemoHistoryItem = z.infer<typeof demoHistorySchema>;

/** COMPANY#<id> / DEMO_HISTORY: read and written only by the demo-history job. */
export const demoHistories = defineEntity({
  type: 'demo-history',
  schema: demoHistorySchema,
  key: (h) => keys.demoHistory(h.companyId),
});
