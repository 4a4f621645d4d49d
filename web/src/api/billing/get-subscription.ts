import { billingContracts } from '@shared/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** GET /api/billing/subscription: the selected company's subscription (the free plan without one). */
const getSubscription = (signal?: AbortSignal) => call(billingContracts.subscription, { signal });

const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.subscription, queryFn: ({ signal }) => getSubscription(signal) });

export const useSubscription = () => useQuery(subscriptionQueryOptions());
