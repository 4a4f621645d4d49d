import { GitCompareArrows } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime } from '@/lib/format-date';
import { useComparison } from '@/api/audit/get-audit-comparison';
import { useAuditList } from '@/api/audit/get-audits';
import type { AuditViewProps } from '../routes/website-audit';
import { AuditQueryState } from './audit-state';
import { SeverityBadge } from './severity-badge';
import './audit-compare.css';

const fmt = (n: number) => n.toLocaleString('en-US');

/** A change as text with its sign, coloured by whether it is better (fewer issues, higher score). */
function Change({ value, higherIsBetter = false }: { value: number; higherIsBetter?: boolean }) {
  if (!value) return <span className="audit-change">no change</span>;
  const better = higherIsBetter ? value > 0 : value < 0;
  return (
    <span className={`audit-change audit-change--${better ? 'better' : 'worse'}`}>
      {value > 0 ? `+${fmt(value)}` : fmt(value)}
    </span>
  );
}

/** /seo-report/comparison?audit=&with=: two audits side by side (spec 02 §2 "Crawl comparison"). */
/** The two comparison tables' header: what the row is, then both audits and the change. */
function CompareHead({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col" className="audit-num">
          Older audit
        </th>
        <th scope="col" className="audit-num">
          Newer audit
        </th>
        <th scope="col" className="audit-num">
          Change
        </th>
      </tr>
    </thead>
  );
}

export default function AuditComparison({ auditId }: AuditViewProps) {
  const audits = useAuditList();
  const [params, setParams] = useSearchParams();
  const ids = { from: useId(), to: useId() };
  const done = (audits.data ?? []).filter((a) => a.status === 'finished' || a.status === 'stopped');
  if (!audits.data) return <AuditQueryState query={audits} label="Loading the audits" />;
  if (done.length < 2) {
    return (
      <Card>
        <EmptyState icon={GitCompareArrows} title="One audit so far">
          Once your website has been audited twice, you can compare any two audits here.
        </EmptyState>
      </Card>
    );
  }
  const latest = done.find((a) => a.reported)?.id ?? done[0]?.id ?? '';
  const to = auditId === 'latest' ? latest : auditId;
  const other = params.get('with') || done.find((a) => a.id !== to)?.id || '';
  const choose = (key: 'audit' | 'with', value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    if (key === 'audit' && !params.get('with')) next.set('with', other);
    setParams(next, { replace: true });
  };
  const label = (a: (typeof done)[number]) => `${formatDateTime(a.finishedAt ?? a.startedAt)} · ${a.score ?? '–'}/100`;

  return (
    <>
      <Card title="Audits to compare" description="Choose any two audits of your website.">
        <div className="audit-compare-pick">
          <div className="field">
            <label className="field__label" htmlFor={ids.from}>
              Compare
            </label>
            <select
              id={ids.from}
              className="input select"
              value={other}
              onChange={(e) => choose('with', e.target.value)}
            >
              {done.map((a) => (
                <option key={a.id} value={a.id}>
                  {label(a)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.to}>
              With
            </label>
            <select id={ids.to} className="input select" value={to} onChange={(e) => choose('audit', e.target.value)}>
              {done.map((a) => (
                <option key={a.id} value={a.id}>
                  {label(a)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </Card>
      {other === to ? (
        <Card>
          <p className="audit-note">Choose two different audits.</p>
        </Card>
      ) : (
        <ComparisonBody auditId={to} other={other} />
      )}
    </>
  );
}

function ComparisonBody({ auditId, other }: { auditId: string; other: string }) {
  const comparison = useComparison(auditId, other);
  if (!comparison.data) return <AuditQueryState query={comparison} label="Comparing the audits" />;
  const c = comparison.data;
  const when = (at?: string) => (at ? formatDateTime(at) : 'unfinished');
  const rows: { label: string; from: number; to: number; higherIsBetter?: boolean }[] = [
    { label: 'Health Score', from: c.from.score, to: c.to.score, higherIsBetter: true },
    { label: 'Crawled pages', from: c.from.pages, to: c.to.pages, higherIsBetter: true },
    { label: 'Errors', from: c.totals.errors.from, to: c.totals.errors.to },
    { label: 'Warnings', from: c.totals.warnings.from, to: c.totals.warnings.to },
    { label: 'Notices', from: c.totals.notices.from, to: c.totals.notices.to },
  ];
  return (
    <>
      <Card
        title="Summary"
        description={`${when(c.from.finishedAt)} compared with ${when(c.to.finishedAt)}.`}
        padded={false}
      >
        <div className="table-wrap" role="region" aria-label="Summary of the two audits" tabIndex={0}>
          <table className="table audit-compare">
            <CompareHead first="Figure" />
            <tbody>
              {rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  <td className="audit-num">{fmt(r.from)}</td>
                  <td className="audit-num">{fmt(r.to)}</td>
                  <td className="audit-num">
                    <Change value={r.to - r.from} higherIsBetter={r.higherIsBetter} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Card title="Issues" description="Every issue found in either audit, by how much it changed." padded={false}>
        <div className="table-wrap" role="region" aria-label="Issues in the two audits" tabIndex={0}>
          <table className="table audit-compare">
            <CompareHead first="Issue" />
            <tbody>
              {[...c.issues]
                .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.name.localeCompare(b.name))
                .map((issue) => (
                  <tr key={issue.check}>
                    <th scope="row">
                      <span className="audit-compare__issue">
                        <SeverityBadge severity={issue.severity} />
                        {issue.name}
                      </span>
                    </th>
                    <td className="audit-num">{fmt(issue.from)}</td>
                    <td className="audit-num">{fmt(issue.to)}</td>
                    <td className="audit-num">
                      <Change value={issue.change} />
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}
