import { squash } from './offline/text';

/**
 * What the offline generator can honour of a generation request's free text: exclusions become
 * terms no sentence may contain, and an instruction to mention something becomes a post topic.
 * (Stylistic instructions need a language model; the offline generator leaves them out.)
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

/** "Please mention our new opening hours." → "our new opening hours". */
export function instructionTopic(text: string | null | undefined): string | undefined {
  const first = squash(text).split(/(?<=[.!?])\s/)[0] ?? '';
  const match = first.match(
    /^(?:please\s+)?(?:mention|announce|promote|highlight|talk about|focus on|feature|share news (?:about|of)|remind (?:people|customers|followers|everyone) (?:about|of))\s+(.{3,120}?)[.!]?$/i,
  );
  return match?.[1]?.trim();
}
