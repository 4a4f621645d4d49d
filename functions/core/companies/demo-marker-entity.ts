import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

const demoMarkerSchema = z.object({
  userId: z.number(),
  /** The demo company the user made; a marker naming a deleted company may be taken over. */
  companyId: z.number(),
  createdAt: z.string(),
});

/**
 * USER#<id> / DEMO: a user's one demo company. Written in the same transaction as the company,
 * on condition that there is none (or that the one it names was deleted), so two creates at
 * the same moment cannot both make one.
 */
export const demoMarkers = defineEntity({
  type: 'demo-marker',
  schema: demoMarkerSchema,
  key: (m) => keys.userDemo(m.userId),
});
