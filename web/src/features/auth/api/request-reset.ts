import { RESET_REQUEST_MIN_DELAY_MS } from '@shared/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { waitUntil } from '@/lib/forms';

/** POST /api/auth/request-reset: always 200, so the answer never tells whether the email exists. */
export const requestReset = (input: { email: string }) => api.post<{ message: string }>('/api/auth/request-reset', input);

/** Success is shown only once at least 5 s have passed since submit (spec 01 §4). */
export function useRequestReset() {
  return useMutation({
    mutationFn: async (input: { email: string }) => {
      const started = Date.now();
      const answer = await requestReset(input);
      await waitUntil(started, RESET_REQUEST_MIN_DELAY_MS);
      return answer;
    },
  });
}
