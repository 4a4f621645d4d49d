import type { FeatureFlag } from '@shared/constants';
import { config } from '../config';
import { notFound } from '../errors';

/**
 * Spec 01 §6: feature flags gate Google My Business and Search Console. The apps tab hides their
 * entries; their connect routes refuse too, so a flag that is off cannot be worked around by
 * calling the API. Read as GET /api/metadata reads them: unknown or malformed means off.
 */
export function flagOn(name: FeatureFlag): boolean {
  try {
    const parsed: unknown = JSON.parse(config.featureFlagsJson);
    return !!parsed && typeof parsed === 'object' && (parsed as Record<string, unknown>)[name] === true;
  } catch {
    return false;
  }
}

export function requireFlag(name: FeatureFlag, label: string): void {
  if (!flagOn(name)) throw notFound(`${label} is not available.`);
}
