// The subscription's own contract: billing's whole schema module is not needed to know whether the plan is paid.
import { subscriptionContract } from '@shared/contracts/subscription';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { queryKeys } from './query-keys';

/**
 * Whether the company's plan is paid (the post pages' warning, the SEO keywords gate). The same
 * key as billing's subscription query: one answer for all of them.
 */
export const usePaidPlan = () =>
  useQuery({
    queryKey: [...queryKeys.company.all, 'billing', 'subscription'],
    queryFn: ({ signal }) => call(subscriptionContract, { signal }),
    select: (subscription) => subscription.isPaid,
  });
