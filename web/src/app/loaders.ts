import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { profileQueryOptions } from '@/api/auth/profile';
import { companiesQueryOptions } from '@/api/companies/companies';
import { metadataQueryOptions } from '@/api/metadata/metadata';
import { queryClient } from '@/lib/query-client';

/**
 * Route loaders: they only put answers in the query cache, and screens read them with the
 * same query options. React Router runs the loaders of every matched route at once and
 * alongside the route's lazy chunk, so a page's data, the session check and the company list
 * load in parallel instead of one after another.
 */

/**
 * The cached answer, or a fetch when there is none (what `ensureQueryData` did before React
 * Query folded it into `query`): loaders never refetch what a screen already has.
 */
export const ensure: typeof queryClient.query = (options) => queryClient.query({ ...options, staleTime: 'static' });

/** Signed-in only: the session check decides, so a signed-out visitor never sees the frame. */
export async function requireAuthLoader() {
  const profile = await ensure(profileQueryOptions());
  return profile ? null : redirect('/auth');
}

/** Sign-in and sign-up screens send a signed-in user home. */
export async function guestOnlyLoader() {
  const profile = await ensure(profileQueryOptions());
  return profile ? redirect('/') : null;
}

/** The frame of signed-in pages: the companies (which also settle the COMPANY_ID cookie) and the feature flags. */
export async function shellLoader() {
  await Promise.all([
    // Signed out, this answers 401 while requireAuthLoader redirects: that redirect is the outcome.
    ensure(companiesQueryOptions()).catch((error: unknown) => {
      if (!isApiError(error, 401)) throw error;
    }),
    // Flags only hide menu items: a failure leaves them off rather than failing the page.
    queryClient.query(metadataQueryOptions()).catch(() => undefined),
  ]);
  return null;
}

/** What a page loader knows of the address it is loading. */
export interface PageAddress {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/**
 * A page's own data, fetched while its chunk loads. Failures are the page's to show (an invalid
 * invite, a file that is gone), so the loader never fails the route.
 */
export function pageData(load: (address: PageAddress) => Promise<unknown>[]) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    await Promise.all(
      load({ params, search: new URL(request.url).searchParams }).map((loading) => loading.catch(() => undefined)),
    );
    return null;
  };
}
