import { useId, useState } from 'react';
import { Chart } from '@/components/charts/chart';
import type { ChartDrawing } from '@/components/charts/chart-spec';
import { DataTableButton } from '@/components/charts/data-table-button';
import '@/components/charts/figures-table.css';

export interface ChartPoint {
  label: string;
  value: number;
  /** A tone for this bar (an HTTP status class, a score band); the accent otherwise. */
  tone?: 'accent' | 'success' | 'warning' | 'danger' | 'info' | 'neutral';
}

/** The Health Score's ranges (spec 02 §9) as the line's grid lines. */
const HEALTH_TICKS = [0, 40, 70, 80, 90, 100];

/** The audit's bars (statuses, depths, response times) and the Health Score's line. */
function drawingOf(kind: 'bar' | 'line', points: ChartPoint[]): ChartDrawing {
  const labels = points.map((p) => p.label);
  if (kind === 'line') {
    return {
      kind,
      labels,
      series: [{ values: points.map((p) => p.value) }],
      className: 'chart--accent',
      area: true,
      // A date under the line ("12 Mar 09:30" fits), centred on its point; the newest one always shown.
      centredLabelWidth: 88,
      labelSpacing: 8,
      keepLabel: 'last',
      valueAxis: { scale: 'ticks', ticks: HEALTH_TICKS, width: 36 },
    };
  }
  return {
    kind,
    labels,
    series: [
      {
        values: points.map((p) => p.value),
        titles: points.map((p) => `${p.label}: ${p.value.toLocaleString('en-US')}`),
        barClassNames: points.map((p) => (p.tone ? `chart-tone--${p.tone}` : undefined)),
      },
    ],
    className: 'chart--accent',
    maxBarWidth: 40,
    labelSpacing: 64,
    keepLabel: 'first',
    valueAxis: { scale: 'from-zero', minHigh: 4, tickSpacing: 32, width: 36 },
  };
}

/**
 * A chart of the audit with its text alternative and its numbers as a table, as the dashboard's
 * chart does: the picture is one labelled image, the table opens under it with "Show data table".
 */
export function ChartFigure({
  kind,
  points,
  summary,
  caption,
  columns,
}: {
  kind: 'bar' | 'line';
  points: ChartPoint[];
  /** The chart in one sentence, for those who do not see it. */
  summary: string;
  caption: string;
  /** The table's two column headings: what a point is, what its number counts. */
  columns: [string, string];
}) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  return (
    <div className="audit-figure">
      <Chart className="audit-figure__chart" label={summary} drawing={drawingOf(kind, points)} />
      <DataTableButton shown={tableShown} table={tableId} onToggle={() => setTableShown((shown) => !shown)} />
      {tableShown ? (
        <div className="table-wrap figures-table" id={tableId} role="region" aria-label={caption} tabIndex={0}>
          <table className="table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{columns[0]}</th>
                <th scope="col" className="audit-num">
                  {columns[1]}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p, i) => (
                // Two audits of one minute share a label.
                <tr key={`${i} ${p.label}`}>
                  <th scope="row">{p.label}</th>
                  <td className="audit-num">{p.value.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
