import { RESET_REQUEST_MIN_DELAY_MS } from '@shared/constants';
import { authContracts } from '@shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { waitUntil } from '@/lib/forms';

/** POST /api/auth/request-reset: always 200, so the answer never tells whether the email exists. */
const requestReset = (body: { email: string }) => call(authContracts.requestReset, { body });

/** Success is shown only once at least 5 s have passed since submit (spec 01 §4). */
export function useRequestReset() {
  return useMutation({
    mutationFn: async (body: { email: string }) => {
      const started = Date.now();
      const answer = await requestReset(body);
      await waitUntil(started, RESET_REQUEST_MIN_DELAY_MS);
      return answer;
    },
  });
}
