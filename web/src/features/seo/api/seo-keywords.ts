import { seoContracts } from '@shared/contracts/seo';
// The subscription's own contract: billing's whole schema module is not needed to know whether the plan is paid.
import { subscriptionContract } from '@shared/contracts/subscription';
import { seoKeywordListSchema, type SeoKeyword } from '@shared/schemas/seo-keywords';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useJob } from '@/lib/use-job';

const seoKeywordKeys = {
  list: [...queryKeys.company.all, 'seo-keywords'] as const,
  /** The same key as billing's and the post pages' subscription query: one answer for all of them. */
  subscription: [...queryKeys.company.all, 'billing', 'subscription'] as const,
};

/**
 * Whether the company has an active paid subscription (spec 01 §2: the page needs one). The post
 * pages have the same hook: shared from one module it became a chunk of its own on those pages,
 * which sit at the 150 kB first-load budget (first-load-budget.test.ts measured 150.0 kB).
 */
export const usePaidPlan = () =>
  useQuery({
    queryKey: seoKeywordKeys.subscription,
    queryFn: ({ signal }) => call(subscriptionContract, { signal }),
    select: (subscription) => subscription.isPaid,
  });

/** GET /api/seo/keywords: the last suggestions, the saved ones selected (empty before any generation). */
export const seoKeywordsQueryOptions = () =>
  queryOptions({
    queryKey: seoKeywordKeys.list,
    queryFn: ({ signal }) => call(seoContracts.keywords, { signal }),
  });

export const useSeoKeywords = () => useQuery(seoKeywordsQueryOptions());

/**
 * POST /api/seo/keywords/generate, polled to its result (the new suggestions, the saved ones
 * selected), which becomes the list. `step` is the step the job's last poll named.
 */
export function useGenerateKeywords() {
  const queryClient = useQueryClient();
  const job = useJob(seoKeywordListSchema);
  return {
    ...job,
    start: async () => {
      const keywords = await job.mutateAsync(() => call(seoContracts.generateKeywords));
      queryClient.setQueryData(seoKeywordKeys.list, keywords);
      return keywords;
    },
  };
}

/** POST /api/seo/keywords: the chosen keywords replace the saved ones; the answer is the updated list. */
export function useSaveKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keywords: string[]) => call(seoContracts.saveKeywords, { body: keywords }),
    onSuccess: (keywords: SeoKeyword[]) => queryClient.setQueryData(seoKeywordKeys.list, keywords),
  });
}
