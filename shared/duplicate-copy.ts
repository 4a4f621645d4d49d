/**
 * When two posts say the same thing: the same platform, copy that is equal once normalised, and
 * times less than a week apart. Pure, so the import's report, the calendar's warning and their
 * tests agree on one definition.
 */

/** Posts within this many milliseconds of each other count as "within a week". */
export const DUPLICATE_WINDOW_MS = 7 * 24 * 3600_000;

/**
 * Copy as a reader compares it: Unicode compatibility forms folded (NFKC: a full-width letter or
 * a ligature is the plain one), lower case, every run of white space (line breaks, tabs,
 * non-breaking spaces) one space, none at the ends. Punctuation, emoji and links count: "Book
 * now!" and "Book now" are different posts.
 */
export function normalizeCopy(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/gu, ' ').trim();
}

export interface CopyAt {
  platform: string;
  content: string;
  /** An ISO instant. */
  at: string;
}

/** Whether `a` and `b` are duplicates: same platform, same normalised copy, under a week apart. */
export function isDuplicateCopy(a: CopyAt, b: CopyAt): boolean {
  return (
    a.platform === b.platform &&
    Math.abs(Date.parse(a.at) - Date.parse(b.at)) < DUPLICATE_WINDOW_MS &&
    normalizeCopy(a.content) === normalizeCopy(b.content)
  );
}
