import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/**
 * What a demo company's sample history last wrote: its posts, so a refresh replaces exactly
 * those (posts the visitor wrote stay), and when.
 */
const demoHistorySchema = z.object({
  companyId: z.number(),
  postIds: z.array(z.number()),
  writtenAt: z.string(),
});

/** COMPANY#<id> / DEMO_HISTORY: written by the demo-history job; its presence also opens the demo's report figures. */
export const demoHistories = defineEntity({
  type: 'demo-history',
  schema: demoHistorySchema,
  key: (h) => keys.demoHistory(h.companyId),
});
