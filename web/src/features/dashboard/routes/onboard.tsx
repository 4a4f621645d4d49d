import { ArrowLeft, Building2 } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

const STEPS = ['Business Overview', 'Ideal Customer Profile', 'Marketing Plan'];

export default function OnboardRoute() {
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
      <ol className="stepper">
        {STEPS.map((step, index) => (
          <li key={step} className={['stepper__step', index === 0 ? 'stepper__step--current' : ''].join(' ')} aria-current={index === 0 ? 'step' : undefined}>
            <span className="stepper__number">{index + 1}</span>
            <span className="stepper__label">{step}</span>
          </li>
        ))}
      </ol>
      <Card title="Business Overview">
        <EmptyState
          icon={Building2}
          title="The guided setup arrives in a coming release"
          action={
            <ButtonLink to="/settings/company-info" variant="secondary">
              Fill in company information
            </ButtonLink>
          }
        >
          Meanwhile, you can describe your business, tone, voice and locations on the company information page.
        </EmptyState>
      </Card>
    </div>
  );
}
