import { normalizeWebsite } from '@shared/url';
import { Gauge, Globe, Rocket } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentCompany } from '@/lib/company';

export default function SeoReportRoute() {
  const { company } = useCurrentCompany();
  const website = company?.website ? normalizeWebsite(company.website) : null;
  const hasWebsite = Boolean(website?.ok);

  let body;
  if (!hasWebsite && company && !company.onboarded) {
    body = (
      <EmptyState
        icon={Rocket}
        title="Get onboarded to see your SEO report"
        action={<ButtonLink to="/dashboard/onboard">Set Up Marketing Plan</ButtonLink>}
      >
        The SEO report checks your company website. Start with the marketing plan setup to add it.
      </EmptyState>
    );
  } else if (!hasWebsite) {
    body = (
      <EmptyState
        icon={Globe}
        title="Add a website to see your SEO report"
        action={<ButtonLink to="/settings/company-info">Company Information</ButtonLink>}
      >
        The SEO report checks your company website. Add it on the company page.
      </EmptyState>
    );
  } else {
    body = (
      <EmptyState icon={Gauge} title="No report available right now. Please check back later">
        We will check {website && website.ok ? website.url : 'your website'} and list what to fix, sorted by impact.
      </EmptyState>
    );
  }

  return (
    <div className="page">
      <PageHeader title="SEO Report" description="A technical check of your company website." />
      <Card>{body}</Card>
    </div>
  );
}
