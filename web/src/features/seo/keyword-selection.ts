import { SEO_KEYWORD_LIMIT, type SeoKeyword } from '@shared/schemas/seo-keywords';

/**
 * The selection rules of spec 01 §4 / 02 §4 "SEO keywords": toggling selects or deselects one
 * keyword, never past the limit; select-all selects up to the limit, otherwise it clears.
 * `limited` says a wish was cut by the limit, so the page can say why.
 */
export interface SelectionChange {
  selected: string[];
  limited: boolean;
}

export function toggleKeyword(selected: string[], keyword: string): SelectionChange {
  if (selected.includes(keyword)) return { selected: selected.filter((k) => k !== keyword), limited: false };
  if (selected.length >= SEO_KEYWORD_LIMIT) return { selected, limited: true };
  return { selected: [...selected, keyword], limited: false };
}

/** Whether select-all has nothing left to add: the limit, or every keyword, is reached. */
export const isSelectionFull = (selected: string[], keywords: SeoKeyword[]) =>
  selected.length > 0 && selected.length >= Math.min(SEO_KEYWORD_LIMIT, keywords.length);

/** Select-all: fills the selection up to the limit in list order, or clears a full one. */
export function selectAll(selected: string[], keywords: SeoKeyword[]): SelectionChange {
  if (isSelectionFull(selected, keywords)) return { selected: [], limited: false };
  const next = [...selected];
  for (const { keyword } of keywords) {
    if (next.length >= SEO_KEYWORD_LIMIT) break;
    if (!next.includes(keyword)) next.push(keyword);
  }
  return { selected: next, limited: keywords.length > SEO_KEYWORD_LIMIT };
}

/** The list as shown: recommended keywords first, otherwise in the order they were suggested. */
export const displayOrder = (keywords: SeoKeyword[]) =>
  keywords
    .map((keyword, index) => ({ keyword, index }))
    .sort((a, b) => Number(b.keyword.isRecommended) - Number(a.keyword.isRecommended) || a.index - b.index)
    .map(({ keyword }) => keyword);

export const sameSelection = (a: string[], b: string[]) => a.length === b.length && a.every((k) => b.includes(k));
