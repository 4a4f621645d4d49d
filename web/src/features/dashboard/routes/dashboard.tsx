import { ArrowRight, CalendarClock, Rocket, Send } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useProfile } from '@/api/auth/profile';
import { useCurrentCompany } from '@/api/companies/companies';
import { useMay } from '@/api/companies/permissions';
import { AudienceCards } from '../components/audience-cards';
import { PostListCard } from '../components/post-list-card';
import { PostSuccessCard } from '../components/post-success-card';
import '../components/dashboard.css';

function greeting() {
  const hour = new Date().getHours();
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

function OnboardingPrompt() {
  return (
    <section className="onboarding-card" aria-labelledby="onboarding-title">
      <span className="onboarding-card__icon" aria-hidden>
        <Rocket size={22} />
      </span>
      <div className="onboarding-card__text">
        <p className="onboarding-card__step">Step 1</p>
        <h2 id="onboarding-title" className="onboarding-card__title">
          Set Up Marketing Plan
        </h2>
        <p className="onboarding-card__description">
          Tell us about your business and customers, and we will draft a plan you can publish from.
        </p>
      </div>
      <ButtonLink
        to="/dashboard/onboard"
        icon={<ArrowRight size={16} aria-hidden />}
        className="onboarding-card__action"
      >
        Get started
      </ButtonLink>
    </section>
  );
}

export default function DashboardRoute() {
  const { data: profile } = useProfile();
  const { company } = useCurrentCompany();
  // Onboarding writes the company's profile and plan: a client is not invited to start it.
  const mayOnboard = useMay('profile');
  return (
    <div className="page">
      <PageHeader
        title={`${greeting()}${profile?.firstName ? `, ${profile.firstName}` : ''}`}
        description="Here is what is happening with your marketing."
      />
      {company && !company.onboarded && mayOnboard ? <OnboardingPrompt /> : null}
      <div className="grid grid--2">
        <PostListCard
          kind="latest"
          title="Scheduled Content"
          empty="No upcoming events"
          emptyText="Scheduled posts appear here."
          icon={CalendarClock}
        />
        <PostListCard
          kind="recent"
          title="Recently Published"
          empty="No published content"
          emptyText="Your latest published posts appear here."
          icon={Send}
        />
        <AudienceCards />
      </div>
      <PostSuccessCard />
    </div>
  );
}
