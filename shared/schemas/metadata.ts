import { z } from 'zod/mini';

export const metadataSchema = z.object({ featureFlags: z.record(z.string(), z.boolean()) });
export type Metadata = z.infer<typeof metadataSchema>;
