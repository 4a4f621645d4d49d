import { Table2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { loadChunk } from '@/lib/load-chunk';
import type { ChartPoint } from './audit-chart-svg';
import '@/components/charts/figures-table.css';

// chartist comes with the first chart drawn, as on the dashboard and the report.
const ChartSvg = lazy(() => loadChunk(() => import('./audit-chart-svg')));

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
      <div className="audit-figure__chart" role="img" aria-label={summary}>
        <Suspense fallback={<Spinner label="Loading the chart" />}>
          <ChartSvg kind={kind} points={points} />
        </Suspense>
      </div>
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
              {points.map((p) => (
                <tr key={p.label}>
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
