import { defineContract } from '../contract';
import { suggestionDraftSchema, suggestionIdParams, suggestionListSchema } from '../schemas/calendar-suggestions';

/** Apart from calendarContracts: the audit ideas panel is its own chunk, loaded after the calendar shows. */
export const calendarSuggestionContracts = {
  suggestions: defineContract({
    method: 'GET',
    path: '/api/calendar/suggestions',
    permission: 'view',
    summary:
      'Post ideas from the latest finished website audit (thin pages, pages without a meta description, saved keywords no page targets), the most valuable first, each with the draft made from it',
    responses: { 200: suggestionListSchema },
  }),
  draft: defineContract({
    method: 'POST',
    path: '/api/calendar/suggestions/{id}/draft',
    permission: 'content',
    summary:
      'One draft post from an idea (201), or the draft already made from it (200); an id not among the current ideas is 404',
    params: suggestionIdParams,
    responses: { 200: suggestionDraftSchema, 201: suggestionDraftSchema },
  }),
};
