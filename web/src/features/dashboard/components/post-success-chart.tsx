import { PLATFORM_LABELS } from '@shared/platforms';
import type { PostSuccessRow } from '@shared/schemas/post-success';
import { useId, useMemo, useState } from 'react';
import { Chart } from '@/components/charts/chart';
import type { ChartDrawing } from '@/components/charts/chart-spec';
import { DataTableButton } from '@/components/charts/data-table-button';
import type { DayRange } from '@/api/posts/post-success';
import { FailedNote } from './failed-note';
import { describeChart, formatDay, summarize, type PostSuccessSummary } from './post-success-data';
import '@/components/charts/figures-table.css';
import './post-success-chart.css';

/**
 * The stacked bars: a platform's posts of a day as a rounded segment, the days counted back from
 * today, the axis at least 4 high so one post is a short bar, not a full-height one.
 */
function barsDrawing(summary: PostSuccessSummary): ChartDrawing {
  const last = summary.days.length - 1;
  const platforms = summary.totals.filter((t) => t.published > 0).map((t) => t.platform);
  return {
    kind: 'bar',
    stacked: true,
    rounded: true,
    labels: summary.days.map((day, i) => (i === last ? 'Today' : formatDay(day, 'd MMM'))),
    series: platforms.map((platform) => {
      const counts = summary.publishedByDay.get(platform) ?? [];
      return {
        className: `post-success__series--${platform}`,
        // No bar at all for a day without posts (null), not a zero-height one.
        values: counts.map((count) => count || null),
        titles: summary.days.map(
          (day, i) => `${PLATFORM_LABELS[platform]}, ${formatDay(day, 'EEE d MMM')}: ${counts[i] ?? 0} published`,
        ),
      };
    }),
    className: 'post-success__bars',
    maxBarWidth: 36,
    labelSpacing: 56,
    keepLabel: 'last',
    valueAxis: { scale: 'from-zero', minHigh: 4, tickSpacing: 40, width: 28 },
  };
}

/** A count in the table; zeros are quieter, so the days' posts stand out. */
function NumberCell({ count }: { count: number }) {
  return <td className={`post-success__number${count ? '' : ' post-success__zero'}`}>{count}</td>;
}

/** Every day with a post, its published posts per platform and its failed ones; totals last. */
function DataTable({ id, summary }: { id: string; summary: PostSuccessSummary }) {
  const days = summary.days
    .map((day, i) => ({ day, i }))
    .filter(
      ({ i }) =>
        (summary.failedByDay[i] ?? 0) > 0 ||
        summary.totals.some((t) => (summary.publishedByDay.get(t.platform)?.[i] ?? 0) > 0),
    );
  return (
    // A narrow screen scrolls the table sideways: a keyboard must reach it to scroll (axe's scrollable-region-focusable).
    <div
      className="table-wrap figures-table post-success__table"
      id={id}
      role="region"
      aria-label="Posts per day"
      tabIndex={0}
    >
      <table className="table">
        <caption className="visually-hidden">Published posts per platform and failed posts, per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {summary.totals.map((t) => (
              <th key={t.platform} scope="col" className="post-success__number">
                {PLATFORM_LABELS[t.platform]}
              </th>
            ))}
            <th scope="col" className="post-success__number">
              Failed
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map(({ day, i }) => (
            <tr key={day}>
              <th scope="row">{formatDay(day, 'EEE d MMM')}</th>
              {summary.totals.map((t) => (
                <NumberCell key={t.platform} count={summary.publishedByDay.get(t.platform)?.[i] ?? 0} />
              ))}
              <NumberCell count={summary.failedByDay[i] ?? 0} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {summary.totals.map((t) => (
              <td key={t.platform} className="post-success__number">
                {t.published}
              </td>
            ))}
            <td className="post-success__number">{summary.failed}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * The chart card's content when something went out: totals per platform (which are the legend),
 * the stacked bars with a text alternative, the failed posts, and the numbers as a table.
 */
export default function PostSuccessChart({ rows, range }: { rows: PostSuccessRow[]; range: DayRange }) {
  const summary = useMemo(() => summarize(rows, range), [rows, range]);
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  return (
    <div className="post-success">
      <ul className="post-success__legend" aria-label="Posts per platform">
        {summary.totals.length > 1 ? (
          <li className="post-success__total post-success__total--all">
            <span className="post-success__platform">All platforms</span>
            <span className="post-success__figure">
              <span className="post-success__count">{summary.published}</span> published
            </span>
          </li>
        ) : null}
        {summary.totals.map((t) => (
          <li key={t.platform} className="post-success__total">
            <span className="post-success__platform">
              <span className={`post-success__swatch post-success__swatch--${t.platform}`} aria-hidden />
              {PLATFORM_LABELS[t.platform]}
            </span>
            <span className="post-success__figure">
              <span className="post-success__count">{t.published}</span> published
            </span>
            {t.failed ? <span className="post-success__failed">{t.failed} failed</span> : null}
          </li>
        ))}
      </ul>
      <Chart
        className="post-success__chart"
        placeholderClassName="post-success__placeholder"
        label={describeChart(summary)}
        drawing={barsDrawing(summary)}
      />
      <div className="post-success__footer">
        {summary.failed ? <FailedNote count={summary.failed} /> : <span />}
        <DataTableButton shown={tableShown} table={tableId} onToggle={() => setTableShown((shown) => !shown)} />
      </div>
      {tableShown ? <DataTable id={tableId} summary={summary} /> : null}
    </div>
  );
}
