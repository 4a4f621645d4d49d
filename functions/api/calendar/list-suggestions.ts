import { calendarSuggestionContracts } from '@shared/contracts/calendar-suggestions';
import { listSuggestions } from '../../core/calendar/suggestion-drafts';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/calendar/suggestions: post ideas from the latest finished website audit. */
export const listSuggestionsRoute = defineRoute(calendarSuggestionContracts.suggestions, {
  access: 'company',
  handle: async ({ companyId }) => ok(await listSuggestions(companyId)),
});
