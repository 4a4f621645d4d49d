import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { useQuery } from '@tanstack/react-query';
import { auditKeys } from './audit-keys';
import { useAuditSource } from './audit-source';

export const useAuditOverview = (auditId: string) => {
  const { call } = useAuditSource();
  return useQuery({
    queryKey: auditKeys.overview(auditId),
    queryFn: ({ signal }) => call(seoAuditContracts.auditOverview, { params: { auditId }, signal }),
  });
};
