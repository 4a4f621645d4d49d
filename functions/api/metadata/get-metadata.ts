import { FEATURE_FLAGS } from '@shared/constants';
import { metadataContracts } from '@shared/contracts/metadata';
import type { Metadata } from '@shared/schemas/metadata';
import { config } from '../../core/config';
import { defineRoute, ok } from '../../core/http/route';

/** Flags come from configuration (FEATURE_FLAGS, a JSON map); unknown or bad values read as off. */
function featureFlags(): Metadata['featureFlags'] {
  let configured: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(config.featureFlagsJson);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) configured = parsed as Record<string, unknown>;
  } catch {
    // A broken flag configuration must not take the app down: every flag reads as off.
  }
  return Object.fromEntries(FEATURE_FLAGS.map((name) => [name, configured[name] === true]));
}

/** GET /api/metadata: what the app needs before sign-in (the feature flags; locally, the sample website). */
export const getMetadata = defineRoute(metadataContracts.get, {
  access: 'public',
  handle: async () => {
    const sampleWebsite = config.sampleWebsite;
    return ok({ featureFlags: featureFlags(), ...(sampleWebsite ? { sampleWebsite } : {}) });
  },
});
