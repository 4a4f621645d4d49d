import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { auditKeys } from './audit-keys';

export const useComparison = (auditId: string, other: string | undefined) =>
  useQuery({
    queryKey: auditKeys.comparison(auditId, other ?? ''),
    queryFn: ({ signal }) =>
      call(seoAuditContracts.auditComparison, { params: { auditId }, query: { with: other ?? '' }, signal }),
    enabled: Boolean(other),
  });
