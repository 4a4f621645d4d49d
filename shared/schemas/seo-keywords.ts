import { z } from 'zod/mini';

/** Spec 01 §5, 02 §8: at most this many keywords are selected and saved. */
export const SEO_KEYWORD_LIMIT = 10;
/** A keyword is a search phrase, not a paragraph. */
export const SEO_KEYWORD_MAX_LENGTH = 80;

/** The page's and the calls' sentences (spec 01 §2, 02 §2, §8 and §9), word for word. */
export const seoKeywordMessages = {
  tooMany: `You can only select up to ${SEO_KEYWORD_LIMIT} keywords`,
  generating: 'Hold on, generating keywords...',
  empty: 'Nothing found here! To generate keywords, click the generate button.',
  confirmSave: 'Are you sure you want to save these keywords? This will overwrite any existing keywords.',
  generated: 'Suggested keywords have been generated.',
  saved: 'Keywords have been saved!',
  generateFailed: 'Failed to generate keywords. Please try again later.',
  saveFailed: 'Failed to save keywords. Please try again later.',
  /** Ours: a save may only name keywords the company was offered (or already saved). */
  notSuggested: (keyword: string) =>
    `"${keyword}" is not one of your suggested keywords. Generate keywords, then choose from them.`,
  tooLong: `A keyword cannot be longer than ${SEO_KEYWORD_MAX_LENGTH} characters.`,
  blank: 'A keyword cannot be empty.',
} as const;

/**
 * One suggested keyword (spec 02 §6 "SEO keyword"). Volume is monthly searches, difficulty
 * 0–100, cpc US dollars: estimates, as the page says.
 */
const seoKeywordSchema = z
  .object({
    keyword: z.string(),
    isRecommended: z.boolean(),
    isSelected: z.boolean(),
    volume: z.number(),
    difficulty: z.number(),
    cpc: z.number(),
  })
  .check(z.meta({ title: 'SeoKeyword' }));
export type SeoKeyword = z.infer<typeof seoKeywordSchema>;

export const seoKeywordListSchema = z.array(seoKeywordSchema).check(z.meta({ title: 'SeoKeywordList' }));

const keywordString = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, seoKeywordMessages.blank),
    z.maxLength(SEO_KEYWORD_MAX_LENGTH, seoKeywordMessages.tooLong),
  );

/** POST /api/seo/keywords: the keywords to keep, replacing the saved ones (spec 02 §6). */
export const saveSeoKeywordsSchema = z
  .array(keywordString)
  .check(z.maxLength(SEO_KEYWORD_LIMIT, seoKeywordMessages.tooMany), z.meta({ title: 'SaveSeoKeywords' }));
