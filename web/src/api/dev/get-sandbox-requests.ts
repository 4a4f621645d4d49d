import { integrationsContracts } from '@shared/contracts/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { devKeys } from './dev-keys';

/** GET /api/integrations/dev/sandbox-requests (embedded runtime only), refreshed every 3 s while open. */
const sandboxRequestsQueryOptions = () =>
  queryOptions({
    queryKey: devKeys.sandboxRequests,
    queryFn: async ({ signal }) => (await call(integrationsContracts.sandboxRequests, { signal })).requests,
    refetchInterval: 3000,
  });

export const useSandboxRequests = () => useQuery(sandboxRequestsQueryOptions());
