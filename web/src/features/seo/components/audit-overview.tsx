import type { auditOverviewSchema } from '@shared/schemas/seo-audit';
import type { z } from 'zod/mini';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { loadChunk } from '@/lib/load-chunk';
import { formatDateTime, formatInZone } from '@/lib/format-date';
import { useAuditOverview } from '@/api/audit/get-audit-overview';
import { useAuditSource } from '@/api/audit/audit-source';
import type { AuditViewProps } from '../routes/website-audit';
import { AuditQueryState } from './audit-state';
import { Breakdown } from './breakdown';
import { ChartFigure, type ChartPoint } from './chart-figure';
import { SeverityBadge } from './severity-badge';
import '../seo-score.css';
import './audit-overview.css';

type Overview = z.infer<typeof auditOverviewSchema>;

/** Only audits that rendered JavaScript have it: its own chunk, fetched when one is shown. */
const WebVitalsCard = lazy(() => loadChunk(() => import('./web-vitals-card')));
/** Below the fold: their own chunks, so the overview's first load stays within its budget. */
const UseCasesAndDomain = lazy(() => loadChunk(() => import('./audit-use-cases-domain')));
const AuditStatsCards = lazy(() => loadChunk(() => import('./audit-stats-cards')));

const BAND_TONE: Record<string, string> = {
  Excellent: 'success',
  Strong: 'success',
  Decent: 'accent',
  Mediocre: 'warning',
  Poor: 'danger',
};
const fmt = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

const describe = (what: string, points: ChartPoint[]) =>
  `${what}: ${points.map((p) => `${p.label} ${fmt(p.value)}`).join(', ')}.`;

/** The Health Score, its band among the spec's ranges, and its history. */
function HealthCards({ overview, auditId }: { overview: Overview; auditId: string }) {
  const { base, opens } = useAuditSource();
  const { health } = overview;
  const tone = BAND_TONE[health.band] ?? 'accent';
  const days = health.history.map((h) => formatInZone(h.finishedAt, 'd MMM'));
  // Two audits on one day are told apart by their time.
  const sameDay = new Set(days).size < days.length;
  const history = health.history.map((h, i) => ({
    label: sameDay ? formatInZone(h.finishedAt, 'd MMM HH:mm') : (days[i] ?? ''),
    value: h.score,
  }));
  return (
    <div className="audit-grid audit-grid--health">
      <section className={`seo-card seo-card--score seo-tone--${tone}`} aria-labelledby="audit-score-title">
        <h2 id="audit-score-title" className="seo-card__label">
          Health Score
        </h2>
        <div className="seo-score" style={{ ['--score' as string]: `${health.score}` }}>
          <p className="seo-score__value">
            {health.score}
            <span className="seo-score__out-of">/100</span>
          </p>
        </div>
        <div className="seo-card__note">
          <p className="audit-band">
            <span className="seo-band">{health.band}</span>
            {overview.partial ? ' · partial: the audit was stopped' : ''}
          </p>
          {overview.finishedAt ? <p>Audited {formatDateTime(overview.finishedAt)}</p> : null}
        </div>
        <ol className="audit-ranges" aria-label="Health Score ranges">
          {[...health.ranges].reverse().map((range) => (
            <li
              key={range.name}
              className={`audit-range audit-range--${BAND_TONE[range.name] ?? 'accent'}${range.name === health.band ? ' audit-range--current' : ''}`}
              aria-current={range.name === health.band ? 'true' : undefined}
            >
              <span className="audit-range__name">{range.name}</span>
              <span className="audit-range__span">
                {range.min}–{range.max}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <Card
        title="Health Score history"
        description={
          history.length > 1
            ? `Your last ${history.length} audits, oldest first.`
            : 'The history starts with this audit: each new audit adds a point.'
        }
      >
        <ChartFigure
          kind="line"
          points={history}
          summary={describe('Health Score by audit', history)}
          caption="Health Score by audit date"
          columns={['Audit', 'Health Score']}
        />
        {history.length > 1 && opens('comparison') ? (
          <p className="audit-note">
            <Link to={`${base}/comparison${auditId === 'latest' ? '' : `?audit=${auditId}`}`}>Compare two audits</Link>
          </p>
        ) : null}
      </Card>
    </div>
  );
}

function Figure({ label, value, tone, note }: { label: string; value: number | string; tone: string; note?: string }) {
  return (
    <div className={`seo-card seo-tone--${tone}`}>
      <p className="seo-card__label">{label}</p>
      <p className="seo-card__value">{typeof value === 'number' ? fmt(value) : value}</p>
      {note ? <p className="seo-card__note">{note}</p> : null}
    </div>
  );
}

const unmeasured = <p className="audit-note">Not measured in this audit. The next audit measures it.</p>;

/** /seo-report/overview: the Overview's widgets (spec 02 §2) for one audit. */
export default function AuditOverview({ auditId }: AuditViewProps) {
  const query = useAuditOverview(auditId);
  const { base, opens } = useAuditSource();
  if (!query.data) return <AuditQueryState query={query} label="Loading the overview" />;
  const o = query.data;
  const stats = o.stats;
  const q = auditId === 'latest' ? '' : `?audit=${encodeURIComponent(auditId)}`;
  const health = stats?.pageHealth;
  const healthyShare =
    health && o.crawledPages
      ? Math.round((health.healthy / Math.max(1, health.healthy + health.withWarnings + health.withErrors)) * 100)
      : null;

  return (
    <>
      <HealthCards overview={o} auditId={auditId} />

      <div className="audit-figures" role="group" aria-label="Crawled pages and issues by type">
        <Figure
          label="Crawled pages"
          value={o.crawledPages}
          tone="accent"
          note={o.partial ? 'Partial crawl' : 'Pages checked'}
        />
        <Figure label="Errors" value={o.issuesByType.errors} tone="danger" note="High severity" />
        <Figure label="Warnings" value={o.issuesByType.warnings} tone="warning" note="Medium severity" />
        <Figure label="Notices" value={o.issuesByType.notices} tone="info" note="Low severity" />
      </div>

      {o.rendering || o.webVitals ? (
        <Suspense fallback={null}>
          <WebVitalsCard rendering={o.rendering} webVitals={o.webVitals} />
        </Suspense>
      ) : null}

      <Card
        title="Top 5 issues"
        description="Errors first, then the issues on the most pages."
        actions={opens('issues') ? <Link to={`${base}/issues${q}`}>All issues</Link> : undefined}
      >
        {o.topIssues.length ? (
          <ol className="audit-top">
            {o.topIssues.map((issue) => (
              <li key={issue.check} className="audit-top__item">
                <SeverityBadge severity={issue.severity} />
                {opens('issues') ? (
                  <Link className="audit-top__name" to={`${base}/issues/${issue.check}${q}`}>
                    {issue.name}
                  </Link>
                ) : (
                  <span className="audit-top__name">{issue.name}</span>
                )}
                <span className="audit-top__count">{plural(issue.current, 'page')}</span>
                {issue.new ? <Badge tone="danger">{fmt(issue.new)} new</Badge> : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="audit-note">No issues found.</p>
        )}
      </Card>

      <div className="audit-grid">
        <Suspense fallback={null}>
          <UseCasesAndDomain overview={o} q={q} />
        </Suspense>
        <Card
          title="Page health"
          description={
            healthyShare === null ? undefined : `${healthyShare}% of the crawled pages have no errors or warnings.`
          }
        >
          {health ? (
            <Breakdown
              caption="Pages by health"
              rows={[
                { label: 'Healthy', value: health.healthy, tone: 'success' },
                { label: 'With warnings', value: health.withWarnings, tone: 'warning' },
                { label: 'With errors', value: health.withErrors, tone: 'danger' },
              ]}
            />
          ) : (
            unmeasured
          )}
        </Card>
        <Card title="Issue groups" description="Pages with issues in each group of checks.">
          <div className="table-wrap figures-table" role="region" aria-label="Issue groups" tabIndex={0}>
            <table className="table">
              <caption className="visually-hidden">Issues by group of checks</caption>
              <thead>
                <tr>
                  <th scope="col">Group</th>
                  <th scope="col" className="audit-num">
                    Errors
                  </th>
                  <th scope="col" className="audit-num">
                    Warnings
                  </th>
                  <th scope="col" className="audit-num">
                    Notices
                  </th>
                </tr>
              </thead>
              <tbody>
                {o.issueGroups.map((g) => (
                  <tr key={g.category}>
                    <th scope="row">{g.name}</th>
                    <td className={`audit-num${g.errors ? ' audit-num--danger' : ' audit-num--zero'}`}>
                      {fmt(g.errors)}
                    </td>
                    <td className={`audit-num${g.warnings ? ' audit-num--warning' : ' audit-num--zero'}`}>
                      {fmt(g.warnings)}
                    </td>
                    <td className={`audit-num${g.notices ? '' : ' audit-num--zero'}`}>{fmt(g.notices)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
        <Suspense fallback={null}>
          <AuditStatsCards overview={o} />
        </Suspense>
      </div>
    </>
  );
}
