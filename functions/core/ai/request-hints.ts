import { squash } from './offline/text';

/**
 * Exclusions as terms no sentence may contain: the offline generator leaves them out, and the
 * calendar drops a model's draft that still has one. (Special instructions are read by
 * offline/instructions.ts.)
 */

/** "Don't mention prices, no discounts; avoid the word cheap" → ["prices", "discounts", "the word cheap", "cheap"]. */
export function exclusionTerms(text: string | null | undefined): string[] {
  const terms = squash(text)
    .split(/[,;\n]|\.\s|\band\b/i)
    .map((part) =>
      part
        .replace(
          /^\s*(please\s+)?(do not|don't|dont|never|no|avoid|without|exclude|skip|not)\s+(mention(ing)?|use|using|talk(ing)? about|include|including|say(ing)?)?\s*/i,
          '',
        )
        .replace(/^(the words?|any)\s+/i, '')
        .replace(/["'“”.!]/g, '')
        .trim(),
    )
    .filter((t) => t.length >= 3);
  // "reviews" also rules out "review": plural endings are dropped from longer terms.
  return [...new Set(terms.map((t) => t.toLowerCase().replace(/(?<=\w{4})(es|s)$/, '')))];
}

export const mentionsAny = (text: string, terms: string[]) => {
  const lower = text.toLowerCase();
  return terms.some((t) => lower.includes(t));
};
