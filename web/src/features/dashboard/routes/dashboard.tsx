import { ArrowRight, CalendarClock, Heart, MessageCircle, Rocket, Send, Share2, Users } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useProfile } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/company';
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

function Metric({ icon: Icon, label }: { icon: typeof Heart; label: string }) {
  return (
    <div className="metric">
      <span className="metric__icon" aria-hidden>
        <Icon size={16} />
      </span>
      <span className="metric__label">{label}</span>
      <span className="metric__value">—</span>
    </div>
  );
}

export default function DashboardRoute() {
  const { data: profile } = useProfile();
  const { company } = useCurrentCompany();
  return (
    <div className="page">
      <PageHeader
        title={`${greeting()}${profile?.firstName ? `, ${profile.firstName}` : ''}`}
        description="Here is what is happening with your marketing."
      />
      {company && !company.onboarded ? <OnboardingPrompt /> : null}
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
        <Card title="Total Followers">
          <div className="metric metric--large">
            <span className="metric__icon" aria-hidden>
              <Users size={18} />
            </span>
            <span className="metric__value">—</span>
          </div>
          <p className="muted">Connect an account in Settings to start counting followers.</p>
        </Card>
        <Card title="Engagement" description="Last 7 days, ending yesterday.">
          <div className="metrics">
            <Metric icon={Heart} label="Likes" />
            <Metric icon={MessageCircle} label="Comments" />
            <Metric icon={Share2} label="Shares" />
          </div>
        </Card>
      </div>
      <PostSuccessCard />
    </div>
  );
}
