import { companySchema, displayCompanyName, type Company } from '@shared/schemas/company';
import { queryOptions, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { api } from './api-client';
import { readCompanyId, subscribeCompanyId, writeCompanyId } from './cookies';

export const companiesQueryKey = ['companies'] as const;

/** Every cached answer that depends on the selected company (all but the session and the list). */
const isCompanyScoped = (query: Query) => query.queryKey[0] !== 'auth' && query.queryKey[0] !== companiesQueryKey[0];

/**
 * GET /api/company. The COMPANY_ID cookie is reconciled here, before any screen renders with
 * the list: a missing cookie, or one naming a company the user is not in, selects the first.
 * When the selection is moved away from a company the user was in a moment ago (a teammate
 * removed them), they are told, and company-scoped answers cached for it are asked again.
 */
export async function getCompanies(client?: QueryClient): Promise<Company[]> {
  const companies = z.array(companySchema).parse(await api.get('/api/company'));
  const current = readCompanyId();
  if (companies.length > 0 && !companies.some((c) => c.id === current)) {
    writeCompanyId(companies[0].id);
    const lost = current === undefined ? undefined : client?.getQueryData<Company[]>(companiesQueryKey)?.find((c) => c.id === current);
    if (lost) {
      toast.info(`You no longer have access to ${displayCompanyName(lost.name)}. Switched to ${displayCompanyName(companies[0].name)}.`);
    }
    if (current !== undefined) void client?.invalidateQueries({ predicate: isCompanyScoped });
  }
  return companies;
}

export const companiesQueryOptions = () => queryOptions({ queryKey: companiesQueryKey, queryFn: ({ client }) => getCompanies(client) });

export const useCompanies = () => useQuery(companiesQueryOptions());

export const useSelectedCompanyId = () => useSyncExternalStore(subscribeCompanyId, readCompanyId, () => undefined);

/** The company every company-scoped call applies to. */
export function useCurrentCompany() {
  const companies = useCompanies();
  const selectedId = useSelectedCompanyId();
  const company = companies.data?.find((c) => c.id === selectedId) ?? companies.data?.[0];
  return { ...companies, company };
}

/** Stores the choice and drops every company-scoped answer so the next screen asks again. */
export function useSelectCompany() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: number) => {
      writeCompanyId(id);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    },
    [queryClient],
  );
}
