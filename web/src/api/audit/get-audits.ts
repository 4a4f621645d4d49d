import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { useQuery } from '@tanstack/react-query';
import { auditKeys } from './audit-keys';
import { useAuditSource } from './audit-source';

export const useAuditList = () => {
  const { call } = useAuditSource();
  return useQuery({ queryKey: auditKeys.list(), queryFn: ({ signal }) => call(seoAuditContracts.audits, { signal }) });
};
