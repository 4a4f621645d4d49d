import { auditShareContracts } from '@shared/contracts/audit-share';
import type { CreateAuditShare } from '@shared/schemas/audit-share';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { auditKeys } from './audit-keys';

/** The company's live guest links (GET /api/seo/shares). */
const sharesKey = [...auditKeys.all, 'shares'] as const;

export const useAuditShares = () =>
  useQuery({ queryKey: sharesKey, queryFn: ({ signal }) => call(auditShareContracts.list, { signal }) });

export function useCreateAuditShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAuditShare) => call(auditShareContracts.create, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey }),
  });
}

export function useRevokeAuditShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => call(auditShareContracts.revoke, { params: { shareId } }),
    onSettled: () => client.invalidateQueries({ queryKey: sharesKey }),
  });
}
