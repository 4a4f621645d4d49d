import { auditScheduleContracts } from '@shared/contracts/audit-schedule';
import type { AuditScheduleInput } from '@shared/schemas/audit-schedule';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { auditKeys } from './audit-keys';

const scheduleKey = [...auditKeys.all, 'schedule'] as const;

/** GET /api/seo/audit/schedule: when the audit runs by itself, its next run, what the last due run did. */
export const useAuditSchedule = (enabled = true) =>
  useQuery({
    queryKey: scheduleKey,
    queryFn: ({ signal }) => call(auditScheduleContracts.auditSchedule, { signal }),
    enabled,
  });

/** PUT /api/seo/audit/schedule: the answer (with the armed next run) replaces what the page shows. */
export function useSaveAuditSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditScheduleInput) => call(auditScheduleContracts.saveAuditSchedule, { body }),
    onSuccess: (saved) => queryClient.setQueryData(scheduleKey, saved),
  });
}
