import { z } from 'zod/mini';
import { platformSchema } from './calendar';

/** A post whose copy repeats a scheduled or published post of its platform within a week (shared/duplicate-copy.ts). */
const duplicateFlagSchema = z.object({
  id: z.number(),
  platform: platformSchema,
  duplicateOf: z.number(),
});
export const duplicateFlagsSchema = z.array(duplicateFlagSchema);
