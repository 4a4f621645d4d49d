import { useQuery } from '@tanstack/react-query';
import { FileText, Sparkles } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { JobProgress } from '@/components/ui/job-progress';
import { Markdown } from '@/components/ui/markdown';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { planQueryOptions, usePlanJob } from '@/api/onboarding/marketing-plan';
import { useMay } from '@/api/companies/permissions';
import { useFailure } from '@/lib/use-failure';

/** Settings › marketing-plan: the plan as formatted markdown, and Generate plan (spec 01 §2) for the roles that may. */
export function MarketingPlanTab() {
  const plan = useQuery(planQueryOptions());
  const job = usePlanJob();
  const { failure, attempt } = useFailure();
  const mayGenerate = useMay('profile');

  const generate = () => attempt(() => job.start());

  const generateButton = (
    <Button
      icon={job.isPending ? undefined : <Sparkles size={16} aria-hidden />}
      pending={job.isPending}
      onClick={() => void generate()}
    >
      Generate plan
    </Button>
  );

  return (
    <Card
      title="Marketing plan"
      description={
        plan.data
          ? `Your 12-month plan, written ${formatDate(plan.data.updatedAt)}.`
          : 'Your 12-month plan, month by month.'
      }
      actions={plan.data && mayGenerate ? generateButton : null}
    >
      <div className="stack">
        {job.isPending ? <JobProgress title="Writing your marketing plan" step={job.step} /> : null}
        {failure ? <Alert type="error">{failure}</Alert> : null}
        {plan.isPending ? (
          <Spinner label="Loading the plan" />
        ) : plan.isError ? (
          <Alert type="error">{errorMessage(plan.error)}</Alert>
        ) : plan.data ? (
          <Markdown>{plan.data.plan}</Markdown>
        ) : (
          <EmptyState
            icon={FileText}
            title="No marketing plan yet"
            action={
              mayGenerate ? (
                <div className="form-actions">
                  <ButtonLink to="/dashboard/onboard" variant="secondary">
                    Set up step by step
                  </ButtonLink>
                  {generateButton}
                </div>
              ) : undefined
            }
          >
            The plan is written from your goal, approved ideal customers, tone, voice and budget.
          </EmptyState>
        )}
      </div>
    </Card>
  );
}
