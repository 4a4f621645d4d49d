import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { useQuery } from '@tanstack/react-query';
import { auditKeys } from './audit-keys';
import { useAuditSource } from './audit-source';

export const useComparison = (auditId: string, other: string | undefined) => {
  const { call } = useAuditSource();
  return useQuery({
    queryKey: auditKeys.comparison(auditId, other ?? ''),
    queryFn: ({ signal }) =>
      call(seoAuditContracts.auditComparison, { params: { auditId }, query: { with: other ?? '' }, signal }),
    enabled: Boolean(other),
  });
};
