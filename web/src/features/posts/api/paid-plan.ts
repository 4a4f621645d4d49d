// The subscription's own contract: billing's whole schema module is not needed to know whether the plan publishes.
import { subscriptionContract } from '@shared/contracts/subscription';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Whether the company's plan publishes (the warning of spec 01 §2 "Post pages" shows when it does
 * not). Its own module: only the post page's extras ask, so the editors' first load does not carry it.
 */
export const usePaidPlan = () =>
  useQuery({
    queryKey: [...queryKeys.company.all, 'billing', 'subscription'],
    queryFn: ({ signal }) => call(subscriptionContract, { signal }),
    select: (subscription) => subscription.isPaid,
  });
