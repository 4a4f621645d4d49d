import { auditSettingsContracts } from '@shared/contracts/audit-settings';
import type { AuditSettings, AuditSettingsInput } from '@shared/schemas/audit-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { auditKeys } from './audit-keys';

/** The company's audit settings (GET /api/seo/audit/settings): the password only as set or not. */
export const useAuditSettings = () =>
  useQuery({
    queryKey: auditKeys.settings,
    queryFn: ({ signal }) => call(auditSettingsContracts.getSettings, { signal }),
  });

/** Saves the settings; the answer replaces the cached ones. */
export function useSaveAuditSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditSettingsInput) => call(auditSettingsContracts.saveSettings, { body }),
    onSuccess: (settings: AuditSettings) => client.setQueryData(auditKeys.settings, settings),
  });
}

/** Replaces the uploaded list of URLs; the settings are read again to show it. */
export function useUploadUrlList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { fileName: string; text: string }) => call(auditSettingsContracts.uploadUrlList, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: auditKeys.settings }),
  });
}
