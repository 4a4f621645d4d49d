import { seoKeywordMessages, type SeoKeyword } from '@shared/schemas/seo-keywords';
import { partitionData } from '../companies/company-data';
import { invalid } from '../errors';
import { companyItemPrefix, keys } from '../table/keys';
import { keywordItems, type KeywordsItem, type StoredKeyword } from './keyword-entity';

export const getKeywords = (companyId: number) => keywordItems.get(keys.seoKeywords(companyId), { consistent: true });

/** A keyword's identity: people type the same phrase in any case and spacing. */
const same = (keyword: string) => keyword.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * One attribute pair written, the other kept: a generation finishing while the user saves (or
 * the other way round) loses neither the new suggestions nor the saved choice.
 */
async function write(companyId: number, set: 'suggestions' | 'saved', value: StoredKeyword[], at: string) {
  const other = set === 'suggestions' ? 'saved' : 'suggestions';
  const written = await keywordItems.patch(keys.seoKeywords(companyId), {
    set: { companyId, [set]: value, [set === 'suggestions' ? 'generatedAt' : 'savedAt']: at },
    setIfAbsent: { [other]: [] },
  });
  // Unconditional, so always written; the item as stored now, parsed.
  if (!written) throw new Error('SEO keywords write answered no item');
  return written;
}

/** A new generation replaces the suggestions; the saved keywords stay. */
export const saveSuggestions = (companyId: number, suggestions: StoredKeyword[]) =>
  write(companyId, 'suggestions', suggestions, new Date().toISOString());

/**
 * Replaces the saved keywords (spec 02 §6: the save overwrites). Each must be one the company was
 * offered or already saved, so every saved keyword has its figures; the same phrase twice counts once.
 */
export async function saveSelection(companyId: number, chosen: string[]): Promise<KeywordsItem> {
  const item = await getKeywords(companyId);
  const known = new Map([...(item?.saved ?? []), ...(item?.suggestions ?? [])].map((k) => [same(k.keyword), k]));
  const picked = new Map<string, StoredKeyword>();
  const errors: { path: string; message: string }[] = [];
  for (const [index, keyword] of chosen.entries()) {
    const found = known.get(same(keyword));
    if (found) picked.set(same(keyword), found);
    else errors.push({ path: String(index), message: seoKeywordMessages.notSuggested(keyword.trim()) });
  }
  const [first] = errors;
  if (first) throw invalid(first.message, errors);
  return write(companyId, 'saved', [...picked.values()], new Date().toISOString());
}

/**
 * The page's list (spec 02 §6 "SEO keyword"): the suggestions, the saved ones selected, then any
 * saved keyword the last generation no longer suggests.
 */
export function keywordList(item: KeywordsItem | undefined): SeoKeyword[] {
  if (!item) return [];
  const saved = new Set(item.saved.map((k) => same(k.keyword)));
  const suggested = new Set(item.suggestions.map((k) => same(k.keyword)));
  const view = (k: StoredKeyword, isSelected: boolean): SeoKeyword => ({
    keyword: k.keyword,
    isRecommended: k.recommended,
    isSelected,
    volume: k.volume,
    difficulty: k.difficulty,
    cpc: k.cpc,
  });
  return [
    ...item.suggestions.map((k) => view(k, saved.has(same(k.keyword)))),
    ...item.saved.filter((k) => !suggested.has(same(k.keyword))).map((k) => view(k, true)),
  ];
}

/** The saved keywords, for post and blog generation to work in. */
export const savedKeywords = async (companyId: number) =>
  ((await getKeywords(companyId))?.saved ?? []).map((k) => k.keyword);

/** Keywords are company data: the demo reset and the delete remove them. */
export const keywordData = partitionData({
  name: 'SEO keywords',
  skPrefix: companyItemPrefix.seoKeywords,
  example: async (companyId) => {
    await saveSuggestions(companyId, [
      { keyword: 'example keyword', volume: 100, difficulty: 20, cpc: 1, recommended: true },
    ]);
  },
});
