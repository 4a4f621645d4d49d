import { PLATFORM_LABELS } from '@shared/platforms';
import { Heart, MessageCircle, Share2, Users } from 'lucide-react';
import { Chart } from '@/components/charts/chart';
import type { ChartDrawing } from '@/components/charts/chart-spec';
import { Card } from '@/components/ui/card';
import { Metric, Metrics } from '@/components/ui/metric';
import { formatChange, formatCount, formatGrowth } from '@/api/reports/report-figures';
import {
  daysName,
  describeChart,
  formatDay,
  periodName,
  platformList,
  type ReportRange,
  type ReportSummary,
} from '../report-data';
import '@/components/charts/figures-table.css';
import './followers-chart.css';

/**
 * Total followers by date, one line per platform: dots only while there is room for them, the
 * dates counted back from the last day.
 */
function followersDrawing(summary: ReportSummary): ChartDrawing {
  return {
    kind: 'line',
    labels: summary.days.map((day) => formatDay(day, 'd MMM')),
    series: summary.followers.map(({ platform, values }) => ({
      className: `followers-chart__series--${platform}`,
      values,
      titles: summary.days.map((day, i) => {
        const value = values[i];
        return value === null || value === undefined
          ? undefined
          : `${PLATFORM_LABELS[platform]}, ${formatDay(day, 'EEE d MMM')}: ${formatCount(value)}`;
      }),
    })),
    className: 'followers-chart',
    area: summary.followers.length === 1,
    pointSpacing: 18,
    labelSpacing: 64,
    keepLabel: 'last',
    valueAxis: { scale: 'counts' },
  };
}

/** A change as text with its direction for the eye (colour and arrow) and its sign for everyone. */
function Growth({ growth, change }: { growth: number; change?: number }) {
  const direction = growth > 0 ? 'up' : growth < 0 ? 'down' : 'flat';
  return (
    <span className={`growth growth--${direction}`}>
      {formatGrowth(growth)}
      {change !== undefined ? <span className="growth__change"> ({formatChange(change)})</span> : null}
    </span>
  );
}

/** All Followers: the chosen platforms' audience on the last day counted, and its change over the period. */
export function AllFollowersCard({ summary, range }: { summary: ReportSummary; range: ReportRange }) {
  const { total } = summary;
  return (
    <Card
      title="All Followers"
      description={`${periodName(range)}, on ${platformList(summary.platforms.map((p) => p.platform))}.`}
    >
      <Metric icon={Users} large value={formatCount(total.end)} />
      <p className="report-figure-note">
        <Growth growth={total.growth} change={total.end - total.start} /> since the start of the period
      </p>
    </Card>
  );
}

/** Engagement: likes, comments and shares over the period. */
export function EngagementCard({ summary, range }: { summary: ReportSummary; range: ReportRange }) {
  const { engagement } = summary.total;
  return (
    <Card title="Engagement" description={`Likes, comments and shares, ${daysName(range)}.`}>
      <Metrics>
        <Metric icon={Heart} label="Likes" value={formatCount(engagement.likes)} />
        <Metric icon={MessageCircle} label="Comments" value={formatCount(engagement.comments)} />
        <Metric icon={Share2} label="Shares" value={formatCount(engagement.shares)} />
      </Metrics>
    </Card>
  );
}

/** The chart's numbers for screen readers: one row per day, one column per platform. */
function FollowersTable({ summary }: { summary: ReportSummary }) {
  return (
    // The class on a wrapper: a table grows to its content whatever width it is given.
    <div className="visually-hidden">
      <table>
        <caption>Total followers by date</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {summary.followers.map(({ platform }) => (
              <th key={platform} scope="col">
                {PLATFORM_LABELS[platform]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {summary.days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{formatDay(day, 'EEE d MMM yyyy')}</th>
              {summary.followers.map(({ platform, values }) => {
                const value = values[i];
                return <td key={platform}>{value === null || value === undefined ? 'No data' : formatCount(value)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Total Followers per platform, their change over the period, and Total Followers Growth. */
function TotalFollowersTable({ summary, range }: { summary: ReportSummary; range: ReportRange }) {
  return (
    // A narrow screen scrolls the table sideways: a keyboard must reach it to scroll (axe's scrollable-region-focusable).
    <div className="table-wrap figures-table report-table" role="region" aria-label="Total Followers" tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">
          Total Followers per platform and their change over {periodName(range)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Platform</th>
            <th scope="col" className="report-table__number">
              Total Followers
            </th>
            <th scope="col" className="report-table__number">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.platforms.map((figures) => (
            <tr key={figures.platform}>
              <th scope="row">
                <span className="report-platform">
                  <span className={`report-swatch report-swatch--${figures.platform}`} aria-hidden />
                  {PLATFORM_LABELS[figures.platform]}
                </span>
              </th>
              <td className="report-table__number">{formatCount(figures.end)}</td>
              <td className="report-table__number">
                <Growth growth={figures.growth} change={figures.end - figures.start} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total Followers Growth</th>
            <td className="report-table__number">{formatCount(summary.total.end)}</td>
            <td className="report-table__number">
              <Growth growth={summary.total.growth} change={summary.total.end - summary.total.start} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Audience Growth: total followers by date as a line per platform (400 px, spec 01 §9), and the totals. */
export function AudienceGrowthCard({ summary, range }: { summary: ReportSummary; range: ReportRange }) {
  return (
    <Card title="Audience Growth" description={`Total followers by date, ${daysName(range)}.`}>
      <div className="audience-growth">
        {summary.followers.length > 1 ? (
          <ul className="report-legend" aria-label="Platforms in the chart">
            {summary.followers.map(({ platform }) => (
              <li key={platform} className="report-platform">
                <span className={`report-swatch report-swatch--${platform}`} aria-hidden />
                {PLATFORM_LABELS[platform]}
              </li>
            ))}
          </ul>
        ) : null}
        <Chart
          className="audience-growth__chart"
          placeholderClassName="audience-growth__placeholder"
          label={describeChart(summary)}
          drawing={followersDrawing(summary)}
        />
        <FollowersTable summary={summary} />
        <TotalFollowersTable summary={summary} range={range} />
        {summary.missing.length ? (
          <p className="muted report-figure-note">
            No figures yet for {platformList(summary.missing)} in {periodName(range)}.
          </p>
        ) : null}
      </div>
    </Card>
  );
}
