import { NavLink, useSearchParams } from 'react-router-dom';
import '@/styles/tabs.css';

/**
 * The website audit's sections (spec 02 §2), each an address under /seo-report so a link to one
 * opens it. The report itself is the first; the audit chosen (`?audit=`) stays chosen from one
 * section to the next.
 */
export const AUDIT_SECTIONS = [
  { section: 'overview', label: 'Overview' },
  { section: 'issues', label: 'Issue report' },
  { section: 'pages', label: 'Crawled pages' },
  { section: 'links', label: 'Found links' },
  { section: 'resources', label: 'Found resources' },
  { section: 'comparison', label: 'Crawl comparison' },
  { section: 'audits', label: 'All reports' },
  { section: 'settings', label: 'Settings' },
] as const;
export type AuditSection = (typeof AUDIT_SECTIONS)[number]['section'];

const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'tab tab--active' : 'tab');

export function AuditNav() {
  const [params] = useSearchParams();
  const audit = params.get('audit');
  const query = audit ? `?audit=${encodeURIComponent(audit)}` : '';
  return (
    <nav className="tabs" aria-label="Website audit sections">
      <NavLink to="/seo-report" end className={tabClass}>
        Report
      </NavLink>
      {AUDIT_SECTIONS.map(({ section, label }) => (
        <NavLink
          key={section}
          to={`/seo-report/${section}${section === 'audits' || section === 'settings' ? '' : query}`}
          className={tabClass}
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
