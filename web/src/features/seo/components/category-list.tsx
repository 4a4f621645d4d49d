import type { PropStatus, SeoReport, SeoSection } from '@shared/schemas/seo';
import { SEVERITY_RANK } from '@shared/seo-health';
import { CheckCircle2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { loadChunk } from '@/lib/load-chunk';

// A category's issues are shown when it is opened (all start closed): their code comes then.
const IssueRow = lazy(() => loadChunk(() => import('./issue-row')).then((m) => ({ default: m.IssueRow })));

const worst = (section: SeoSection): PropStatus =>
  section.props.reduce<PropStatus>((w, p) => (SEVERITY_RANK[p.status] > SEVERITY_RANK[w] ? p.status : w), 'success');
const issueCount = (section: SeoSection) => section.props.reduce((sum, p) => sum + p.value, 0);

/** Spec 01 §2: categories sorted by worst status, highest first; then by how many issues they hold. */
function sortCategories(sections: SeoSection[]): SeoSection[] {
  return [...sections].sort(
    (a, b) => SEVERITY_RANK[worst(b)] - SEVERITY_RANK[worst(a)] || issueCount(b) - issueCount(a),
  );
}

const tone = { error: 'danger', warning: 'warning', notice: 'accent', success: 'success' } as const;
const summary = { error: 'Errors', warning: 'Warnings', notice: 'Notices', success: 'All good' } as const;

export function CategoryList({ report }: { report: SeoReport }) {
  return (
    <ul className="seo-categories">
      {sortCategories(report.sections).map((section) => (
        <Category key={section.id} section={section} history={report.pageDataHistory} />
      ))}
    </ul>
  );
}

function Category({ section, history }: { section: SeoSection; history: SeoReport['pageDataHistory'] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const status = worst(section);
  const failing = section.props
    .filter((p) => p.value > 0)
    .sort((a, b) => SEVERITY_RANK[b.status] - SEVERITY_RANK[a.status] || b.value - a.value);
  const fixed = section.props.filter((p) => p.value === 0 && (history[p.id]?.fixed ?? 0) > 0);
  return (
    <li className="seo-category">
      <div className="seo-category__head">
        <h3 className="seo-category__name">{section.name}</h3>
        <Badge tone={tone[status]}>
          {status === 'success' ? summary.success : `${failing.length} ${failing.length === 1 ? 'issue' : 'issues'}`}
        </Badge>
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {section.name}</span>
        </Button>
      </div>
      {open ? (
        <div id={panelId} className="seo-category__body">
          {failing.length === 0 ? (
            <p className="seo-category__empty">
              <CheckCircle2 size={16} aria-hidden /> No issues found
            </p>
          ) : null}
          {failing.length || fixed.length ? (
            <Suspense fallback={<Spinner label="Loading the issues" />}>
              <ul className="seo-issues">
                {[...failing, ...fixed].map((prop) => (
                  <IssueRow key={prop.id} prop={prop} history={history[prop.id]} />
                ))}
              </ul>
            </Suspense>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
