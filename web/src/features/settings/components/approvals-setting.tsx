import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useMay } from '@/api/companies/permissions';
import { permissionRefusal } from '@shared/permissions';
import { useApprovalSettings, useSaveApprovalSettings } from '@/api/approvals/approval-settings';

/**
 * The company's approvals setting (docs/features/approvals.md): a switch for the roles that may
 * change it, what it is for the others.
 */
export function ApprovalsSetting() {
  const settings = useApprovalSettings();
  const save = useSaveApprovalSettings();
  const mayChange = useMay('approvalRule');
  if (!mayChange) {
    return (
      <Card title="Post approvals" description={permissionRefusal('approvalRule')}>
        {settings.data ? (
          <p>
            {settings.data.required
              ? 'Posts need approval before they are scheduled: another member, or a reviewer with a review link, approves each post.'
              : 'Posts do not need approval before they are scheduled.'}
          </p>
        ) : null}
      </Card>
    );
  }
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
