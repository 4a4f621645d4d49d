import { calendarSuggestionContracts } from '@shared/contracts/calendar-suggestions';
import { draftFromSuggestion } from '../../core/calendar/suggestion-drafts';
import { created, defineRoute, ok } from '../../core/http/route';

/** POST /api/calendar/suggestions/{id}/draft: the idea's one draft, made now or made before. */
export const draftSuggestion = defineRoute(calendarSuggestionContracts.draft, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    const { draft, created: isNew } = await draftFromSuggestion(companyId, params.id);
    return isNew ? created(draft) : ok(draft);
  },
});
