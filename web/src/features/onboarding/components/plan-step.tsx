import type { Company } from '@shared/schemas/company';
import { GOALS } from '@shared/schemas/company';
import { CalendarRange, Target } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { JobProgress } from '@/components/ui/job-progress';
import { usePlanJob } from '@/api/onboarding/marketing-plan';
import { useFailure } from '@/lib/use-failure';
import { notify } from '@/lib/toast';
import { GoalDialog } from './goal-dialog';

/**
 * Step 3: the goal dialog, then the 12-month plan. The server marks the company onboarded when
 * it saves the plan; the wizard then goes to the calendar.
 */
export function PlanStep({ company, onBack }: { company: Company; onBack: () => void }) {
  const plan = usePlanJob();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState(false);
  const { failure, attempt } = useFailure();
  const approved = company.icps.filter((i) => i.approved === true).length;

  const generate = async () => {
    setDialog(false);
    await attempt(async () => {
      await plan.start();
      notify.success('Your 12-month marketing plan is ready. Find it any time in Settings.');
      await navigate('/calendar');
    });
  };

  return (
    <Card
      title="Marketing Plan"
      description="A month-by-month plan for the next 12 months: themes, channels, budget and what to measure."
    >
      <div className="stack">
        <ul className="plan-facts">
          <li>
            <Target size={16} aria-hidden /> Goal: {company.goal ? GOALS[company.goal] : 'not chosen yet'}
          </li>
          <li>
            <CalendarRange size={16} aria-hidden /> Written for {approved} approved ideal customer
            {approved === 1 ? '' : 's'}
            {company.tone ? `, in a ${company.tone.toLowerCase().replace(/\.$/, '')} tone` : ''}
          </li>
        </ul>
        {plan.isPending ? <JobProgress title="Writing your marketing plan" step={plan.step} /> : null}
        {failure ? <Alert type="error">{failure}</Alert> : null}
        <div className="form-actions">
          <Button variant="ghost" onClick={onBack} disabled={plan.isPending}>
            Back
          </Button>
          <Button onClick={() => setDialog(true)} pending={plan.isPending}>
            Set goal and generate plan
          </Button>
        </div>
      </div>
      <GoalDialog company={company} open={dialog} onClose={() => setDialog(false)} onSaved={() => void generate()} />
    </Card>
  );
}
