import type { auditOverviewSchema } from '@shared/schemas/seo-audit';
import type { z } from 'zod/mini';
import { Card } from '@/components/ui/card';
import { Breakdown } from './breakdown';
import { ChartFigure, type ChartPoint } from './chart-figure';

type Overview = z.infer<typeof auditOverviewSchema>;

const fmt = (n: number) => n.toLocaleString('en-US');
const unmeasured = <p className="audit-note">Not measured in this audit. The next audit measures it.</p>;
const describe = (what: string, points: ChartPoint[]) =>
  `${what}: ${points.map((p) => `${p.label} ${fmt(p.value)}`).join(', ')}.`;

function statusTone(code: string): ChartPoint['tone'] {
  if (code.startsWith('2')) return 'success';
  if (code.startsWith('3')) return 'info';
  if (code.startsWith('4')) return 'warning';
  return 'danger';
}

const RESPONSE_RANGES = ['under 200 ms', '200-500 ms', '500 ms-1 s', '1-3 s', 'over 3 s'];
const RANGE_TONE = ['success', 'success', 'info', 'warning', 'danger'] as const;
const rangeRank = (range: string) => {
  const rank = RESPONSE_RANGES.indexOf(range);
  return rank < 0 ? RESPONSE_RANGES.length : rank;
};

/**
 * The crawl's figures below the fold of the Overview: statuses, depths and response times as charts,
 * indexability, links, robots directives, orphan and dead-end pages. Their own chunk, so the
 * overview's first load stays within its budget.
 */
export default function AuditStatsCards({ overview: o }: { overview: Overview }) {
  const stats = o.stats;
  const statusPoints: ChartPoint[] = stats
    ? Object.entries(stats.statusCodes)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, value]) => ({ label: code, value, tone: statusTone(code) }))
    : [];
  const depthPoints: ChartPoint[] = stats
    ? Object.entries(stats.depths)
        .sort(([a], [b]) => (a === 'unknown' ? 1 : b === 'unknown' ? -1 : Number(a) - Number(b)))
        .map(([depth, value]) => ({ label: depth === 'unknown' ? 'Sitemap only' : depth, value }))
    : [];
  const timePoints: ChartPoint[] = stats
    ? Object.entries(stats.responseTime.ranges)
        // A stored map keeps no order: fastest first.
        .sort(([a], [b]) => rangeRank(a) - rangeRank(b))
        .map(([range, value]) => ({ label: range, value, tone: RANGE_TONE[rangeRank(range)] ?? 'accent' }))
    : [];
  return (
    <>
      <Card title="HTTP status codes" description="Crawled URLs by the status the server answered.">
        {stats ? (
          <ChartFigure
            kind="bar"
            points={statusPoints}
            summary={describe('URLs by HTTP status', statusPoints)}
            caption="URLs by HTTP status code"
            columns={['Status', 'URLs']}
          />
        ) : (
          unmeasured
        )}
      </Card>
      <Card title="Page depth" description="Clicks from the home page to reach each page.">
        {stats ? (
          <ChartFigure
            kind="bar"
            points={depthPoints}
            summary={describe('Pages by clicks from the home page', depthPoints)}
            caption="Pages by click depth"
            columns={['Clicks from the home page', 'Pages']}
          />
        ) : (
          unmeasured
        )}
      </Card>
      <Card
        title="Server response time"
        description={stats ? `Pages answered in ${fmt(stats.responseTime.averageMs)} ms on average.` : undefined}
      >
        {stats ? (
          <ChartFigure
            kind="bar"
            points={timePoints}
            summary={describe('Pages by response time', timePoints)}
            caption="Pages by server response time"
            columns={['Response time', 'Pages']}
          />
        ) : (
          unmeasured
        )}
      </Card>
      <Card title="Page indexability" description="Whether search engines may index each page.">
        {stats ? (
          <Breakdown
            caption="Pages by indexability"
            rows={[
              { label: 'Indexable', value: stats.indexability.indexable, tone: 'success' },
              { label: 'Noindex', value: stats.indexability.noindex, tone: 'warning' },
              { label: 'Canonicalized', value: stats.indexability.canonicalized, tone: 'info' },
              { label: 'Blocked by robots.txt', value: stats.indexability.blocked, tone: 'neutral' },
              { label: 'Not answering 200', value: stats.indexability.notOk, tone: 'danger' },
            ]}
          />
        ) : (
          unmeasured
        )}
      </Card>
      <Card title="Link attributes" description="Links found on the crawled pages.">
        {stats ? (
          <>
            <Breakdown
              caption="Links by destination"
              rows={[
                { label: 'Internal', value: stats.links.internal },
                { label: 'External', value: stats.links.external, tone: 'info' },
              ]}
            />
            <Breakdown
              caption="Links by rel attribute"
              rows={[
                { label: 'Follow', value: stats.links.follow, tone: 'success' },
                { label: 'Nofollow', value: stats.links.nofollow, tone: 'neutral' },
              ]}
            />
          </>
        ) : (
          unmeasured
        )}
      </Card>
      <Card title="Robots meta tags" description="Pages that ask search engines to keep out.">
        <Breakdown
          caption="Pages by robots directive"
          total={o.crawledPages}
          rows={[
            { label: 'noindex (meta)', value: o.robotsMeta.noindex, tone: 'warning' },
            { label: 'nosnippet', value: o.robotsMeta.nosnippet, tone: 'info' },
            { label: 'noindex (X-Robots-Tag)', value: o.robotsMeta.xRobotsNoindex, tone: 'warning' },
          ]}
        />
      </Card>
      <Card title="Orphan and dead-end pages">
        <dl className="audit-pair">
          <div>
            <dt>Orphan pages</dt>
            <dd className={o.orphanPages ? 'audit-num--warning' : undefined}>{fmt(o.orphanPages)}</dd>
            <dd className="audit-pair__note">In the sitemap, but no page links to them.</dd>
          </div>
          <div>
            <dt>Dead-end pages</dt>
            <dd className={o.deadEndPages ? 'audit-num--warning' : undefined}>{fmt(o.deadEndPages)}</dd>
            <dd className="audit-pair__note">They link to no other page.</dd>
          </div>
        </dl>
      </Card>
    </>
  );
}
