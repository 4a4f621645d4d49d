import { sessionContracts } from '@shared/contracts/session';
import { displayCompanyName, type Company } from '@shared/schemas/company-record';
import { hashKey, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { call } from '@/lib/api-client';
import { readCompanyId, subscribeCompanyId, writeCompanyId } from '@/lib/cookies';
import { isCompanyScoped } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { companyKeys } from './company-keys';

/** GET /api/company: the user's companies, nothing more (the selection is kept in step by `keepSelectionValid`). */
export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.list,
    queryFn: ({ signal }) => call(sessionContracts.companies, { signal }),
  });

export const useCompanies = () => useQuery(companiesQueryOptions());

/**
 * Keeps the COMPANY_ID cookie naming one of the user's companies, every time the list is
 * answered and before any screen renders with it: a missing cookie, or one naming a company the
 * user is not in, selects the first. When the selection moves away from a company the user was
 * in a moment ago (a teammate removed them), they are told, and company-scoped answers cached
 * for it are asked again. Returns the unsubscribe function.
 */
export function keepSelectionValid(client: QueryClient): () => void {
  let known: Company[] | undefined;
  return client.getQueryCache().subscribe((event) => {
    if (
      event.type !== 'updated' ||
      event.action.type !== 'success' ||
      event.query.queryHash !== hashKey(companyKeys.list)
    )
      return;
    const companies = event.query.state.data as Company[];
    const previous = known;
    known = companies;
    const current = readCompanyId();
    const first = companies[0];
    if (!first || companies.some((c) => c.id === current)) return;
    writeCompanyId(first.id);
    if (current === undefined) return;
    const lost = previous?.find((c) => c.id === current);
    if (lost)
      notify.info(
        `You no longer have access to ${displayCompanyName(lost.name)}. Switched to ${displayCompanyName(first.name)}.`,
      );
    void client.invalidateQueries({ predicate: isCompanyScoped });
  });
}

const useSelectedCompanyId = () => useSyncExternalStore(subscribeCompanyId, readCompanyId, () => undefined);

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
      void queryClient.invalidateQueries({ predicate: isCompanyScoped });
    },
    [queryClient],
  );
}
