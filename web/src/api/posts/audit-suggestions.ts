import { calendarSuggestionContracts } from '@shared/contracts/calendar-suggestions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { postKeys } from './post-keys';

/** Under the posts' family, so a draft made or deleted anywhere asks again; kept out of lib/query-keys.ts, which every page loads. */
const suggestionsKey = [...postKeys.all, 'suggestions'] as const;

/** GET /api/calendar/suggestions, once the panel is opened. */
export const useAuditSuggestions = (enabled: boolean) =>
  useQuery({
    queryKey: suggestionsKey,
    queryFn: ({ signal }) => call(calendarSuggestionContracts.suggestions, { signal }),
    enabled,
  });

/** POST /api/calendar/suggestions/{id}/draft: the idea's one draft; every post answer is asked again. */
export function useDraftFromSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(calendarSuggestionContracts.draft, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
