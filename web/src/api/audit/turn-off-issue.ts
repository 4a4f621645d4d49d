import { seoAuditContracts } from '@shared/contracts/seo-audit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { auditKeys } from './audit-keys';

/** Ignore an issue of the latest report until the next audit, or bring it back: the report's views are asked again. */
export function useIgnoreIssue(auditId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ check, ignore }: { check: string; ignore: boolean }) =>
      call(ignore ? seoAuditContracts.ignoreIssue : seoAuditContracts.unignoreIssue, { params: { auditId, check } }),
    onSettled: () => client.invalidateQueries({ queryKey: auditKeys.all }),
  });
}

/** Turn a check off or on in the audit settings (from the next audit); the other settings are sent back as they were. */
export function useToggleCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ check, disable }: { check: string; disable: boolean }) => {
      // The settings' contracts come on use: the issue report does not load them to show issues.
      const { auditSettingsContracts } = await import('@shared/contracts/audit-settings');
      const settings = await client.query({
        queryKey: auditKeys.settings,
        queryFn: ({ signal }) => call(auditSettingsContracts.getSettings, { signal }),
      });
      const current = settings.disabledChecks ?? [];
      const disabledChecks = disable ? [...new Set([...current, check])] : current.filter((c) => c !== check);
      return call(auditSettingsContracts.saveSettings, { body: { ...settings, disabledChecks } });
    },
    onSuccess: (settings) => client.setQueryData(auditKeys.settings, settings),
    onSettled: () => client.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
