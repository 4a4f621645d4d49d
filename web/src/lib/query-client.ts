import { QUERY_STALE_TIME_MS } from '@shared/constants';
import { QueryClient } from '@tanstack/react-query';

/** Spec 01 §9: queries are fresh for 1 second and nothing is retried. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
