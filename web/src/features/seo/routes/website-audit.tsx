import { SearchX } from 'lucide-react';
import { lazy, Suspense, type ComponentType } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentCompany } from '@/api/companies/companies';
import { loadChunk } from '@/lib/load-chunk';
import { useMay } from '@/api/companies/permissions';
import { AUDIT_SECTIONS, AuditNav, type AuditSection } from '../components/audit-nav';
import { AuditShareButton } from '../components/audit-share-button';
import { AuditDownloadButtons } from '../components/audit-download-buttons';
import '../website-audit.css';

/** What every section is given: the audit it shows, and whether the viewer may see Turned off. */
export interface AuditViewProps {
  auditId: string;
  check?: string;
  member: boolean;
}

// Each section is its own chunk, fetched when it is opened: the report page and the other
// sections never download the tables' virtualiser or the charts.
const tables = () => loadChunk(() => import('../components/audit-tables'));
export const VIEWS: Record<AuditSection, ComponentType<AuditViewProps>> = {
  overview: lazy(() => loadChunk(() => import('../components/audit-overview'))),
  issues: lazy(() => loadChunk(() => import('../components/audit-issues'))),
  pages: lazy(() => tables().then((m) => ({ default: m.CrawledPages }))),
  links: lazy(() => tables().then((m) => ({ default: m.FoundLinks }))),
  resources: lazy(() => tables().then((m) => ({ default: m.FoundResources }))),
  comparison: lazy(() => loadChunk(() => import('../components/audit-comparison'))),
  audits: lazy(() => loadChunk(() => import('../components/audit-list'))),
  settings: lazy(() => loadChunk(() => import('../components/audit-settings'))),
};

export const TITLES: Record<AuditSection, string> = {
  overview: 'Website audit overview',
  issues: 'Issue report',
  pages: 'Crawled pages',
  links: 'Found links',
  resources: 'Found resources',
  comparison: 'Crawl comparison',
  audits: 'All reports',
  settings: 'Audit settings',
};

const isSection = (value: string | undefined): value is AuditSection => AUDIT_SECTIONS.some((s) => s.section === value);

/** /seo-report/{section}[/{check}]: one of the website audit's views (spec 02 §2) of the audit `?audit=` (the latest by default). */
export default function WebsiteAuditRoute() {
  const { section, check } = useParams();
  const [params] = useSearchParams();
  const { company } = useCurrentCompany();
  // Admins and managers see Turned off and change the audit; clients read (spec 02 §2, §6).
  const member = useMay('seo');
  const auditId = params.get('audit') || 'latest';
  const known = isSection(section) && (!check || section === 'issues');
  const View = known ? VIEWS[section] : undefined;

  let body;
  if (!View) {
    body = (
      <Card>
        <EmptyState
          icon={SearchX}
          title="Report not found"
          action={<ButtonLink to="/seo-report/overview">Open the overview</ButtonLink>}
        >
          This part of the website audit does not exist. Choose a section above.
        </EmptyState>
      </Card>
    );
  } else {
    body = (
      <Suspense
        fallback={
          <Card>
            <div className="audit-loading">
              <Spinner label="Loading" />
            </div>
          </Card>
        }
      >
        <View auditId={auditId} check={check} member={member} />
      </Suspense>
    );
  }

  return (
    <div className="page">
      <PageHeader
        eyebrow="SEO Report"
        title={known ? TITLES[section] : 'Report not found'}
        description={company?.website ? `The website audit of ${company.website}.` : undefined}
        actions={
          <>
            {auditId !== 'latest' && section !== 'audits' && section !== 'comparison' && section !== 'settings' ? (
              <p className="audit-older">
                An earlier audit. <Link to={`/seo-report/${section ?? 'overview'}`}>Show the latest</Link>
              </p>
            ) : null}
            {member ? <AuditShareButton /> : null}
            {/* Any member may take the report and a sitemap away; settings are no audit to download. */}
            {company && known && section !== 'settings' ? <AuditDownloadButtons auditId={auditId} /> : null}
          </>
        }
      />
      <AuditNav />
      <div className="audit-body">{body}</div>
    </div>
  );
}
