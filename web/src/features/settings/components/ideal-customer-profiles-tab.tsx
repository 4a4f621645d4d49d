import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { IcpCard } from '@/components/icp/icp-card';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { useCurrentCompany } from '@/api/companies/companies';
import { useUpdateIcp } from '@/api/onboarding/ideal-customers';
import { useMay } from '@/api/companies/permissions';
import { permissionRefusal } from '@shared/permissions';

/**
 * Settings › ideal-customer-profiles: the list with approve, remove and back (spec 01 §2); a role
 * that may not change the profile reads the list.
 */
export function IdealCustomerProfilesTab() {
  const { company } = useCurrentCompany();
  const update = useUpdateIcp();
  const [failure, setFailure] = useState<string>();
  const mayChange = useMay('profile');
  const icps = company?.icps ?? [];

  const decide = async (id: number, profile: string, approved: boolean | null) => {
    setFailure(undefined);
    try {
      await update.mutateAsync({ id, profile, approved });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <div className="stack">
      <Card
        title="Ideal customer profiles"
        description={
          mayChange
            ? 'The customers your plan and posts are written for. Approve the ones that fit, remove the others.'
            : `The customers your plan and posts are written for. ${permissionRefusal('profile')}`
        }
      >
        {failure ? <Alert type="error">{failure}</Alert> : null}
        {icps.length ? null : (
          <EmptyState
            icon={UsersRound}
            title="No ideal customer profiles yet"
            action={
              mayChange ? (
                <ButtonLink to="/dashboard/onboard" variant="secondary">
                  Set up your marketing plan
                </ButtonLink>
              ) : undefined
            }
          >
            Profiles are written from your business overview during setup.
          </EmptyState>
        )}
      </Card>
      {icps.map((icp, i) => (
        <IcpCard
          key={icp.id}
          icp={icp}
          index={i + 1}
          busy={update.isPending}
          onDecide={mayChange ? (approved) => void decide(icp.id, icp.profile, approved) : undefined}
        />
      ))}
    </div>
  );
}
