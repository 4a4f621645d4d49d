import { z } from 'zod/mini';

export const metadataSchema = z.object({
  featureFlags: z.record(z.string(), z.boolean()),
  /** On the embedded runtime: a sample business website to onboard with and audit. */
  sampleWebsite: z.optional(z.string()),
});
export type Metadata = z.infer<typeof metadataSchema>;
