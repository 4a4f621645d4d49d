import type { auditListSchema } from '@shared/schemas/seo-audit';
import { History } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { z } from 'zod/mini';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime } from '@/lib/format-date';
import { useAuditList } from '@/api/audit/get-audits';
import { AuditQueryState } from './audit-state';
import './audit-compare.css';

type AuditRow = z.infer<typeof auditListSchema>[number];

/** Spec 02 §4: the run status of the all-reports list is processing, execution error or finished. */
const RUN_STATUS: Record<AuditRow['status'], { label: string; tone: 'accent' | 'danger' | 'success' | 'warning' }> = {
  running: { label: 'Processing', tone: 'accent' },
  stopping: { label: 'Processing', tone: 'accent' },
  failed: { label: 'Execution error', tone: 'danger' },
  stopped: { label: 'Finished (stopped)', tone: 'warning' },
  finished: { label: 'Finished', tone: 'success' },
};
const fmt = (n: number) => n.toLocaleString('en-US');

/** /seo-report/audits: every recent audit of the company, newest first (spec 02 §2, §3 "Audit list"). */
export default function AuditList() {
  const audits = useAuditList();
  if (!audits.data) return <AuditQueryState query={audits} label="Loading the reports" />;
  if (!audits.data.length) {
    return (
      <Card>
        <EmptyState icon={History} title="No audits yet">
          Your first audit starts when you open the SEO report.
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card padded={false}>
      <div className="table-wrap" role="region" aria-label="All reports" tabIndex={0}>
        <table className="table audit-list">
          <caption className="visually-hidden">Every audit of your website, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Last update</th>
              <th scope="col">Status</th>
              <th scope="col" className="audit-num">
                Health Score
              </th>
              <th scope="col" className="audit-num">
                Errors
              </th>
              <th scope="col" className="audit-num">
                Warnings
              </th>
              <th scope="col" className="audit-num">
                Notices
              </th>
              <th scope="col" className="audit-num">
                Pages crawled
              </th>
            </tr>
          </thead>
          <tbody>
            {audits.data.map((a) => {
              const readable = a.status === 'finished' || a.status === 'stopped';
              const when = formatDateTime(a.finishedAt ?? a.startedAt);
              return (
                <tr key={a.id}>
                  <th scope="row">
                    {readable ? (
                      <Link to={`/seo-report/overview?audit=${encodeURIComponent(a.id)}`}>{when}</Link>
                    ) : (
                      when
                    )}
                    <span className="audit-list__site">
                      {a.website}
                      {a.reported ? ' · in the SEO report' : ''}
                    </span>
                  </th>
                  <td>
                    <Badge tone={RUN_STATUS[a.status].tone}>{RUN_STATUS[a.status].label}</Badge>
                  </td>
                  <td className="audit-num">
                    {a.score === null ? '–' : `${a.score}`}
                    {a.health ? <span className="audit-list__band"> {a.health}</span> : null}
                  </td>
                  <td className="audit-num">{fmt(a.errors)}</td>
                  <td className="audit-num">{fmt(a.warnings)}</td>
                  <td className="audit-num">{fmt(a.notices)}</td>
                  <td className="audit-num">{fmt(a.pages)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
