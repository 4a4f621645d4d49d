import { seoContracts } from '@shared/contracts/seo';
import { seoKeywordListSchema, type SeoKeyword } from '@shared/schemas/seo-keywords';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useJob } from '@/lib/use-job';
import { seoKeys } from './seo-keys';

/** GET /api/seo/keywords: the last suggestions, the saved ones selected (empty before any generation). */
const seoKeywordsQueryOptions = () =>
  queryOptions({
    queryKey: seoKeys.keywords,
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
      queryClient.setQueryData(seoKeys.keywords, keywords);
      return keywords;
    },
  };
}

/** POST /api/seo/keywords: the chosen keywords replace the saved ones; the answer is the updated list. */
export function useSaveKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keywords: string[]) => call(seoContracts.saveKeywords, { body: keywords }),
    onSuccess: (keywords: SeoKeyword[]) => queryClient.setQueryData(seoKeys.keywords, keywords),
  });
}
