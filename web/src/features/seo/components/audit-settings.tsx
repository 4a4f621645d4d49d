import { auditSettingsMessages as M, onScanExclusionList } from '@shared/schemas/audit-settings';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCurrentCompany } from '@/api/companies/companies';
import { useAuditSettings } from '@/api/audit/audit-settings';
import type { AuditViewProps } from '../routes/website-audit';
import './audit-settings.css';
import { SettingsFormView } from './audit-settings-fields';

/** The audit settings (spec 02 §3, §5): the Settings section of the website audit. */
export default function AuditSettingsView({ member }: AuditViewProps) {
  const { data, error, isPending } = useAuditSettings();
  const { company } = useCurrentCompany();
  if (isPending)
    return (
      <Card>
        <Spinner label="Loading the settings" />
      </Card>
    );
  if (error) return <Alert type="error">{errorMessage(error)}</Alert>;
  const website = company?.website || undefined;
  const excluded = (() => {
    try {
      return website
        ? onScanExclusionList(new URL(website.includes('://') ? website : `https://${website}`).hostname)
        : false;
    } catch {
      return false;
    }
  })();
  return (
    <div className="stack-lg">
      {excluded ? <Alert type="error">{M.scanExcluded}</Alert> : null}
      {member ? null : <Alert type="info">Only admins and managers can change the audit settings.</Alert>}
      <SettingsFormView settings={data} website={website} canEdit={member} />
    </div>
  );
}
