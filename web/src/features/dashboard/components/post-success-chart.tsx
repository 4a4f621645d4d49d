import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import type { PostSuccessRow } from '@shared/schemas/post-success';
import { BarChart, Svg, type BarDrawEvent } from 'chartist';
import { Table2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { DayRange } from '../api/post-success';
import { FailedNote } from './failed-note';
import { describeChart, formatDay, summarize, type PostSuccessSummary } from './post-success-data';
import '@/components/charts/chart-axes.css';
import '@/components/charts/figures-table.css';
import './post-success-chart.css';

/** Fewest pixels between two day labels under the bars; the labels count back from today. */
const LABEL_SPACING = 56;
/** The y axis goes at least this high, so one post is a short bar, not a full-height one. */
const MIN_HIGH = 4;

/** A bar segment as a rounded rectangle with a white edge (chartist draws a line), and its tooltip. */
function drawBar(event: BarDrawEvent, summary: PostSuccessSummary, platforms: Platform[]) {
  const platform = platforms[event.seriesIndex];
  const day = summary.days[event.index];
  if (!platform || !day) return;
  const count = summary.publishedByDay.get(platform)?.[event.index] ?? 0;
  const slot = event.chartRect.width() / summary.days.length;
  const width = Math.max(6, Math.min(36, slot * 0.6));
  const top = Math.min(event.y1, event.y2);
  const bar = new Svg(
    'rect',
    { x: event.x1 - width / 2, y: top, width, height: Math.abs(event.y1 - event.y2), rx: 3 },
    'ct-bar',
  );
  bar.elem('title').text(`${PLATFORM_LABELS[platform]}, ${formatDay(day, 'EEE d MMM')}: ${count} published`);
  event.element.replace(bar);
}

/** The stacked bars, drawn by chartist into a div React leaves alone. */
function StackedBars({ summary }: { summary: PostSuccessSummary }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = host.current;
    if (!node) return;
    const platforms = summary.totals.filter((t) => t.published > 0).map((t) => t.platform);
    const last = summary.days.length - 1;
    const labels = summary.days.map((day, i) => (i === last ? 'Today' : formatDay(day, 'd MMM')));
    const series = platforms.map((platform) => ({
      name: platform,
      className: `post-success__series--${platform}`,
      // No bar at all for a day without posts (null), not a zero-height one.
      data: (summary.publishedByDay.get(platform) ?? []).map((count) => count || null),
    }));
    const dayTotals = summary.days.map((_, i) =>
      platforms.reduce((sum, p) => sum + (summary.publishedByDay.get(p)?.[i] ?? 0), 0),
    );
    const chart = new BarChart(
      node,
      { labels, series },
      {
        stackBars: true,
        low: 0,
        high: Math.max(MIN_HIGH, ...dayTotals),
        chartPadding: { top: 16, right: 4, bottom: 4, left: 0 },
        axisX: {
          showGrid: false,
          offset: 28,
          // Read at every redraw (chartist redraws on resize), so a narrow card labels fewer days.
          labelInterpolationFnc: (label, index) => {
            const step = Math.max(1, Math.ceil(LABEL_SPACING / Math.max(1, node.clientWidth / labels.length)));
            return (last - index) % step === 0 ? label : null;
          },
        },
        axisY: { onlyInteger: true, offset: 28, scaleMinSpace: 40, labelOffset: { x: 0, y: 6 } },
      },
    );
    chart.on('draw', (event: { type: string }) => {
      if (event.type === 'bar') drawBar(event as BarDrawEvent, summary, platforms);
    });
    return () => {
      chart.detach();
      node.replaceChildren();
    };
  }, [summary]);
  return <div ref={host} className="chart post-success__bars" aria-hidden />;
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
      <div className="post-success__chart" role="img" aria-label={describeChart(summary)}>
        {/* The picture is the label above; its bars and axis numbers are not read one by one. */}
        <StackedBars summary={summary} />
      </div>
      <div className="post-success__footer">
        {summary.failed ? <FailedNote count={summary.failed} /> : <span />}
        <Button
          variant="ghost"
          size="sm"
          icon={<Table2 size={16} aria-hidden />}
          aria-expanded={tableShown}
          aria-controls={tableShown ? tableId : undefined}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? 'Hide data table' : 'Show data table'}
        </Button>
      </div>
      {tableShown ? <DataTable id={tableId} summary={summary} /> : null}
    </div>
  );
}
