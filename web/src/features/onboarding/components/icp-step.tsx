import type { Company } from '@shared/schemas/company';
import { ArrowRight, RefreshCw, UsersRound } from 'lucide-react';
import { IcpCard } from '@/components/icp/icp-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { JobProgress } from '@/components/ui/job-progress';
import { useIdealCustomersJob, useUpdateIcp } from '@/api/onboarding/ideal-customers';
import { useFailure } from '@/lib/use-failure';

/**
 * Step 2: two profiles written from the saved overview, each approved, removed, taken back or
 * edited while pending. The next step is offered once at least one is approved (spec 01 §4).
 */
export function IcpStep({ company, onBack, onNext }: { company: Company; onBack: () => void; onNext: () => void }) {
  const job = useIdealCustomersJob();
  const update = useUpdateIcp();
  const { failure, attempt } = useFailure();
  const approved = company.icps.filter((i) => i.approved === true).length;

  const generate = () => attempt(() => job.start());
  const change = (body: { id: number; profile: string; approved: boolean | null }) =>
    attempt(() => update.mutateAsync(body));

  return (
    <div className="stack-lg">
      <Card
        title="Ideal Customer Profile"
        description="Two people your business serves best, written from your overview. Approve the ones that ring true, remove the others; a pending one can be edited."
        actions={
          company.icps.length ? (
            <Button
              variant="secondary"
              size="sm"
              icon={<RefreshCw size={14} aria-hidden />}
              onClick={() => void generate()}
              disabled={job.isPending}
            >
              Write new profiles
            </Button>
          ) : null
        }
      >
        {job.isPending ? (
          <JobProgress title="Writing your ideal customer profiles" step={job.step} />
        ) : company.icps.length ? null : (
          <EmptyState
            icon={UsersRound}
            title="No ideal customer profiles yet"
            action={<Button onClick={() => void generate()}>Write my ideal customers</Button>}
          >
            We write two profiles from your business overview. It takes a few seconds.
          </EmptyState>
        )}
        {failure ? <Alert type="error">{failure}</Alert> : null}
      </Card>
      {company.icps.length ? (
        <div className="icp-list">
          {company.icps.map((icp, i) => (
            <IcpCard
              key={icp.id}
              icp={icp}
              index={i + 1}
              busy={update.isPending || job.isPending}
              onDecide={(decision) => void change({ id: icp.id, profile: icp.profile, approved: decision })}
              onEdit={(profile) => change({ id: icp.id, profile, approved: null })}
            />
          ))}
        </div>
      ) : null}
      <div className="form-actions">
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
        {approved > 0 ? (
          <Button icon={<ArrowRight size={16} aria-hidden />} onClick={onNext}>
            Continue to your marketing plan
          </Button>
        ) : company.icps.length ? (
          <p className="muted">Approve at least one profile to continue.</p>
        ) : null}
      </div>
    </div>
  );
}
