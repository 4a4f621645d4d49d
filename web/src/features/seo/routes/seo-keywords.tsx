import { normalizeWebsite } from '@shared/url';
import { Globe, KeyRound } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentCompany } from '@/lib/company';

export default function SeoKeywordsRoute() {
  const { company } = useCurrentCompany();
  const hasWebsite = Boolean(company?.website && normalizeWebsite(company.website).ok);
  return (
    <div className="page">
      <PageHeader title="SEO Keywords" description="Keywords worth ranking for, picked for your website." />
      <Card>
        {hasWebsite ? (
          <EmptyState icon={KeyRound} title="Keyword suggestions arrive in a coming release">
            You will be able to generate keywords for your website, compare volume, difficulty and cost per click, and
            save up to 10.
          </EmptyState>
        ) : (
          <EmptyState
            icon={Globe}
            title="Add a website"
            action={<ButtonLink to="/settings/company-info">Company Information</ButtonLink>}
          >
            Keyword suggestions are based on your company website.
          </EmptyState>
        )}
      </Card>
    </div>
  );
}
