import { z } from 'zod';
import { defineEntity } from '../table/entity';
import { keys } from '../table/keys';

/**
 * The draft made from one audit idea: its post id is reserved and recorded here before the post
 * is written (`done` false), so of two clicks one claims the idea and both answer the same post,
 * and a request cut off after the claim is finished by the next one with the same id.
 */
const suggestionDraftSchema = z.object({
  companyId: z.number(),
  suggestionId: z.string(),
  postId: z.number(),
  done: z.boolean(),
  claimedAt: z.string(),
});
export type SuggestionDraftItem = z.infer<typeof suggestionDraftSchema>;

/** COMPANY#<id> / SUGGESTIONDRAFT#<suggestion id>. */
export const suggestionDrafts = defineEntity({
  type: 'suggestion-draft',
  schema: suggestionDraftSchema,
  key: (d) => keys.suggestionDraft(d.companyId, d.suggestionId),
});
