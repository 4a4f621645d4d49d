import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useApprovalSettings, useSaveApprovalSettings } from '../api/approval-settings';

/** The company's approvals setting (docs/features/approvals.md). */
export function ApprovalsSetting() {
  const settings = useApprovalSettings();
  const save = useSaveApprovalSettings();
  return (
    <Card title="Post approvals">
      <Switch
        label="Posts need approval before they are scheduled"
        description="Another member, or a reviewer with a review link, approves each post. Posts already scheduled stay scheduled."
        checked={settings.data?.required ?? false}
        disabled={!settings.data || save.isPending}
        onChange={(event) => save.mutate(event.target.checked)}
      />
      {save.error ? <Alert type="error">{errorMessage(save.error)}</Alert> : null}
    </Card>
  );
}
