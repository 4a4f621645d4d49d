import { billingContracts } from '@shared/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { billingKeys } from './billing-keys';

/** GET /api/billing/invoices: newest first. */
const getInvoices = (signal?: AbortSignal) => call(billingContracts.invoices, { signal });

const invoicesQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.invoices, queryFn: ({ signal }) => getInvoices(signal) });

/** Asked only when `enabled`: the invoices are for the roles that may manage billing. */
export const useInvoices = (enabled = true) => useQuery({ ...invoicesQueryOptions(), enabled });
