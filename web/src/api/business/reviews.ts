import { businessListingContracts as listing } from '@shared/contracts/business-listing';
import { generatedReplySchema } from '@shared/schemas/business-listing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useJob } from '@/lib/use-job';
import { useListingQuery, useStatusRefresh } from './business-listing';
import { businessKeys } from './business-keys';

/** A location's reviews and their replies; Generate is a long-running job (spec 01 §4). */

export const useReviews = (locationId: string) =>
  useListingQuery(['reviews', locationId], (signal) => call(listing.reviews, { params: { locationId }, signal }));

export function useReviewActions(locationId: string) {
  const queryClient = useQueryClient();
  const refresh = useStatusRefresh();
  const settle = () => queryClient.invalidateQueries({ queryKey: businessKeys.of('reviews', locationId) });
  const reply = useMutation({
    mutationFn: ({ reviewId, comment }: { reviewId: string; comment: string }) =>
      call(listing.reply, { params: { locationId, reviewId }, body: { comment } }),
    onSuccess: settle,
    onError: refresh,
  });
  const remove = useMutation({
    mutationFn: (reviewId: string) => call(listing.deleteReply, { params: { locationId, reviewId } }),
    onSuccess: settle,
    onError: refresh,
  });
  const generate = useJob(generatedReplySchema);
  return {
    reply,
    remove,
    generate: (reviewId: string) =>
      generate.mutateAsync(() => call(listing.generateReply, { params: { locationId, reviewId } })),
    generating: generate.isPending,
  };
}
