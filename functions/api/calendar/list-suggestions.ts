import { calendarSuggestionContracts } from '@shared/contracts/calendar-suggestions';
import * as suggestionDrafts from '../../core/calendar/suggestion-drafts';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/calendar/suggestions: post ideas from the latest finished website audit. */
export const listSuggestions = defineRoute(calendarSuggestionContracts.suggestions, {
  access: 'company',
  handle: async ({ companyId }) => ok(await suggestionDrafts.listSuggestions(companyId)),
});
