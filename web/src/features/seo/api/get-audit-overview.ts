import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { auditKeys } from './audit-keys';

export const useAuditOverview = (auditId: string) =>
  useQuery({
    queryKey: auditKeys.overview(auditId),
    queryFn: ({ signal }) => call(seoAuditContracts.auditOverview, { params: { auditId }, signal }),
  });
