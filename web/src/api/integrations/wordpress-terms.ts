import { wordpressContracts } from '@shared/contracts/integrations';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { integrationKeys } from './integration-keys';

/** Under WordPress's integration keys: connecting or disconnecting asks for the site's terms again. */
const termsKey = integrationKeys.wordpressTerms();

/**
 * GET /api/integrations/wordpress/terms: the connected site's categories and tags, read from the
 * site. Asked for when the picker shows, kept a minute (a term made on the site shows on the next
 * visit), never retried on a refusal (not connected, a password to reconnect).
 */
export const useWordPressTerms = (enabled: boolean) =>
  useQuery({
    queryKey: termsKey,
    queryFn: ({ signal }) => call(wordpressContracts.terms, { signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
