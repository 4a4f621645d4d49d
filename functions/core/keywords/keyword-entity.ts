import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

const suggestionSchema = z.object({
  keyword: z.string(),
  volume: z.number(),
  difficulty: z.number(),
  cpc: z.number(),
  recommended: z.boolean(),
});

/**
 * The company's keywords (spec 02 §1 "SEO keywords"): the last suggestions, replaced whole by each
 * generation, and the saved ones (at most 10), replaced whole by each save. A saved keyword keeps
 * its figures even after a generation that no longer suggests it.
 */
const keywordsItemSchema = z.object({
  companyId: z.number(),
  suggestions: z.array(suggestionSchema),
  saved: z.array(suggestionSchema),
  generatedAt: z.string().optional(),
  savedAt: z.string().optional(),
});
export type KeywordsItem = z.infer<typeof keywordsItemSchema>;
export type StoredKeyword = z.infer<typeof suggestionSchema>;

/** COMPANY#<id> / SEO_KEYWORDS: one item, read by GET /api/seo/keywords and by post generation. */
export const keywordItems = defineEntity({
  type: 'seo-keywords',
  schema: keywordsItemSchema,
  key: (k) => keys.seoKeywords(k.companyId),
});
