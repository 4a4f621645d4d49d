import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { auditKeys } from './audit-keys';

export const useAuditList = () =>
  useQuery({ queryKey: auditKeys.list(), queryFn: ({ signal }) => call(seoAuditContracts.audits, { signal }) });
