import { normalizeWebsite } from '@shared/url';
import { Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** Whether the company has a website the SEO pages can work on. */
export const hasUsableWebsite = (company: { website: string } | undefined | null) =>
  Boolean(company?.website && normalizeWebsite(company.website).ok);

/** What an SEO page shows while the company has no website: what it needs, and where to add it. */
export function AddWebsiteCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <EmptyState
        icon={Globe}
        title={title}
        action={<ButtonLink to="/settings/company-info">Company Information</ButtonLink>}
      >
        {children}
      </EmptyState>
    </Card>
  );
}
