import '../onboarding.css';
import type { Company } from '@shared/schemas/company';
import { ArrowLeft, Check } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentCompany } from '@/api/companies/companies';
import { loadChunk } from '@/lib/load-chunk';
import { MayOrNotice } from '@/components/may-or-notice';

/** One chunk per step: a company part-way through downloads the step it is on, not all three. */
const OverviewStep = lazy(() =>
  loadChunk(() => import('../components/overview-step')).then((m) => ({ default: m.OverviewStep })),
);
const IcpStep = lazy(() => loadChunk(() => import('../components/icp-step')).then((m) => ({ default: m.IcpStep })));
const PlanStep = lazy(() => loadChunk(() => import('../components/plan-step')).then((m) => ({ default: m.PlanStep })));

const STEPS = ['Business Overview', 'Ideal Customer Profile', 'Marketing Plan'] as const;

/** Where a company left off: no overview yet, no approved profile yet, or ready for the plan. */
const firstOpenStep = (company: Company) =>
  !company.description ? 0 : company.icps.some((i) => i.approved === true) ? 2 : 1;

function Wizard({ company }: { company: Company }) {
  const [step, setStep] = useState(() => firstOpenStep(company));
  const reachable = (index: number) => index <= firstOpenStep(company) || index <= step;
  return (
    <>
      <ol className="stepper" aria-label="Onboarding steps">
        {STEPS.map((label, index) => {
          const done = index < step;
          const current = index === step;
          return (
            <li
              key={label}
              className={['stepper__step', current ? 'stepper__step--current' : '', done ? 'stepper__step--done' : '']
                .filter(Boolean)
                .join(' ')}
              aria-current={current ? 'step' : undefined}
            >
              <button
                type="button"
                className="stepper__button"
                onClick={() => setStep(index)}
                disabled={current || !reachable(index)}
              >
                <span className="stepper__number">{done ? <Check size={12} aria-hidden /> : index + 1}</span>
                <span className="stepper__label">{label}</span>
                {done ? <span className="visually-hidden"> (done)</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
      <Suspense
        fallback={
          <div className="empty">
            <Spinner size={24} label={`Loading ${STEPS[step] ?? 'step'}`} />
          </div>
        }
      >
        {step === 0 ? <OverviewStep company={company} onDone={() => setStep(1)} /> : null}
        {step === 1 ? <IcpStep company={company} onBack={() => setStep(0)} onNext={() => setStep(2)} /> : null}
        {step === 2 ? <PlanStep company={company} onBack={() => setStep(1)} /> : null}
      </Suspense>
    </>
  );
}

/** /dashboard/onboard: Business Overview → Ideal Customer Profile → Marketing Plan, then the calendar. */
export default function OnboardRoute() {
  const { company } = useCurrentCompany();
  return (
    <div className="page">
      <PageHeader
        title="Set Up Marketing Plan"
        description="Three short steps from your business to a plan you can publish from."
        actions={
          <ButtonLink to="/" variant="ghost" icon={<ArrowLeft size={16} aria-hidden />}>
            Dashboard
          </ButtonLink>
        }
      />
      {company ? (
        <MayOrNotice permission="profile" title="Setting up the marketing plan is for admins and managers">
          <Wizard key={company.id} company={company} />
        </MayOrNotice>
      ) : (
        <EmptyState title="No company yet">Create a company in Settings first.</EmptyState>
      )}
    </div>
  );
}
