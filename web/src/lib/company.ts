import { companySchema, type Company } from '@shared/schemas/company';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { api } from './api-client';
import { readCompanyId, subscribeCompanyId, writeCompanyId } from './cookies';

export const companiesQueryKey = ['companies'] as const;

/**
 * GET /api/company. The COMPANY_ID cookie is reconciled here, before any screen renders with
 * the list: a missing cookie, or one naming a company the user is not in, selects the first.
 */
export async function getCompanies(): Promise<Company[]> {
  const companies = z.array(companySchema).parse(await api.get('/api/company'));
  const current = readCompanyId();
  if (companies.length > 0 && !companies.some((c) => c.id === current)) writeCompanyId(companies[0].id);
  return companies;
}

export const companiesQueryOptions = () => queryOptions({ queryKey: companiesQueryKey, queryFn: getCompanies });

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
