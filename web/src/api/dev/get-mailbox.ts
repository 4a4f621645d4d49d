import { devContracts } from '@shared/contracts/dev';
import type { DevMail } from '@shared/schemas/dev';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { devKeys } from './dev-keys';

export type Mail = DevMail;

/** GET /api/dev/mailbox?to= (embedded runtime only), refreshed every 3 s while open. */
export const mailboxQueryOptions = (to?: string) =>
  queryOptions({
    queryKey: devKeys.mailbox(to ?? ''),
    queryFn: async ({ signal }) => (await call(devContracts.mailbox, { query: { to }, signal })).messages,
    refetchInterval: 3000,
    placeholderData: keepPreviousData,
  });

export const useMailbox = (to?: string) => useQuery(mailboxQueryOptions(to));
