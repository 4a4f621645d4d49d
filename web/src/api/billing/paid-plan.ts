// The subscription's own contract: billing's whole schema module is not needed to know whether the plan publishes.
import { subscriptionContract } from '@shared/contracts/subscription';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/**
 * Whether the company has an active paid subscription: the post page's warning that the plan does
 * not publish (spec 01 §2 "Post pages") and the SEO keywords page, which needs one. Its own module:
 * only the post page's extras ask, so the editors' first load does not carry it.
 */
export const usePaidPlan = () =>
  useQuery({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => call(subscriptionContract, { signal }),
    select: (subscription) => subscription.isPaid,
  });
