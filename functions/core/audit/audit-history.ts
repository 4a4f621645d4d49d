import type { PropHistory } from '@shared/schemas/seo';

/**
 * One check's change between two audits: counts before and now, and how many URLs are newly
 * affected or no longer affected (issue statuses new and fixed, spec 02 §4).
 */
export function compareIssue(previous: readonly string[], now: readonly string[]): PropHistory {
  const before = new Set(previous);
  const after = new Set(now);
  let added = 0;
  for (const url of after) if (!before.has(url)) added++;
  let fixed = 0;
  for (const url of before) if (!after.has(url)) fixed++;
  return { prev: before.size, now: after.size, new: added, fixed };
}
