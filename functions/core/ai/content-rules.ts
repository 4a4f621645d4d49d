import {
  BLOG_TITLE_MAX,
  BLOG_TITLE_MIN,
  POST_MAX_LENGTH,
  POST_MIN_LENGTH,
  type BlogPlatform,
  type SocialPlatform,
} from '@shared/platform-rules';

/** Post copy length of spec 01 §5: the same rules the post editor enforces (shared/platform-rules.ts). */
export { BLOG_TITLE_MAX, BLOG_TITLE_MIN, POST_MAX_LENGTH, POST_MIN_LENGTH };
export const ICP_COUNT = 2;
export const PLAN_MONTHS = 12;

/**
 * How long a text is for a platform's limit. Threads counts UTF-8 bytes for emoji
 * (reference/platform-limits.md), so it is measured in bytes there: never longer than the real count.
 */
export function platformLength(platform: SocialPlatform | BlogPlatform, text: string): number {
  return platform === 'threads' ? Buffer.byteLength(text, 'utf8') : text.length;
}

/** Texts compared without case, punctuation and spacing: "no two alike" means more than a comma apart. */
export function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return norm(a) === norm(b);
}

/** The goal labels of spec 01 §3; an unknown value is passed through as the owner's own words. */
export function goalLabel(goal: string): string {
  const labels: Record<string, string> = {
    LAUNCHING_BUSINESS: 'I am just launching my business.',
    CUSTOMER_INCREASE: 'I need to increase customers.',
    MAINTAIN_BUSINESS: 'I need to maintain my current business.',
    BOTH_MAINTAIN: 'Both maintain my customers and increase business.',
  };
  return labels[goal] ?? goal;
}

export interface PlanMonth {
  index: number;
  /** 0–11 */
  month: number;
  year: number;
  /** "March 2026" */
  label: string;
}

/** The plan's twelve months: from the month of `startDate`, or the month after today. */
export function planMonths(startDate?: string, today = new Date()): PlanMonth[] {
  const start = startDate
    ? new Date(startDate)
    : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
  const valid = Number.isNaN(start.getTime())
    ? new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1))
    : start;
  return Array.from({ length: PLAN_MONTHS }, (_, index) => {
    const d = new Date(Date.UTC(valid.getUTCFullYear(), valid.getUTCMonth() + index, 1));
    const label = d.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return { index, month: d.getUTCMonth(), year: d.getUTCFullYear(), label };
  });
}
