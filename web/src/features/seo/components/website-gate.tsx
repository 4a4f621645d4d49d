import { normalizeWebsite } from '@shared/url';
import { Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useMay } from '@/api/companies/permissions';

/** Whether the company has a website the SEO pages can work on. */
export const hasUsableWebsite = (company: { website: string } | undefined | null) =>
  Boolean(company?.website && normalizeWebsite(company.website).ok);

/**
 * What an SEO page shows while the company has no website: what it needs, and where to add it
 * (for the roles that may change the company's information).
 */
export function AddWebsiteCard({ title, children }: { title: string; children: ReactNode }) {
  const mayAdd = useMay('profile');
  return (
    <Card>
      <EmptyState
        icon={Globe}
        title={title}
        action={mayAdd ? <ButtonLink to="/settings/company-info">Company Information</ButtonLink> : undefined}
      >
        {children}
      </EmptyState>
    </Card>
  );
}
