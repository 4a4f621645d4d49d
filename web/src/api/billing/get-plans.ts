import { billingContracts } from '@shared/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** GET /api/billing/plans: the visible plans. */
const getPlans = (signal?: AbortSignal) => call(billingContracts.plans, { signal });

const plansQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.plans, queryFn: ({ signal }) => getPlans(signal) });

export const usePlans = () => useQuery(plansQueryOptions());
