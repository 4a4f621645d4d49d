import { sessionContracts } from '@shared/contracts/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** GET /api/auth/invitation?token=; a refused token is the page's message, so it is not asked twice. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.invitation(token),
    queryFn: ({ signal }) => call(sessionContracts.invitation, { query: { token }, signal }),
    retryOnMount: false,
  });

export const useInvitation = (token: string | null | undefined) =>
  useQuery({ ...invitationQueryOptions(token ?? ''), enabled: Boolean(token) });
