import { approvalSettingsContracts } from '@shared/contracts/approval-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { approvalKeys } from './approval-keys';

const settingsKey = approvalKeys.settings;

/** GET /api/approvals/settings */
export const useApprovalSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => call(approvalSettingsContracts.settings, { signal }) });

/** PUT /api/approvals/settings */
export function useSaveApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => call(approvalSettingsContracts.saveSettings, { body: { required } }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}
