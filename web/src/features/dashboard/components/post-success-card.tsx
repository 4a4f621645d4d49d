import { POST_SUCCESS_DAYS } from '@shared/schemas/post-success';
import { ChartColumn } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { loadChunk } from '@/lib/load-chunk';
import { postSuccessRange, usePostSuccess } from '@/api/posts/post-success';
import { FailedNote } from './failed-note';

// The chart library comes with the chart, the first time there is something to draw: a company
// with nothing published never downloads it.
const PostSuccessChart = lazy(() => loadChunk(() => import('./post-success-chart')));

function ChartPlaceholder({ label }: { label: string }) {
  return (
    <div className="post-success__placeholder">
      <Spinner label={label} />
    </div>
  );
}

/** Spec 01 §2 "Dashboard": successful posts per platform over the 21 days ending today (§10). */
export function PostSuccessCard() {
  // The range of the page's first render: a dashboard left open past midnight keeps its days.
  const range = useMemo(() => postSuccessRange(), []);
  const report = usePostSuccess(range);
  const rows = report.data ?? [];
  const published = rows.some((row) => row.status === 'published' && row.count > 0);
  const failed = rows.reduce((sum, row) => sum + (row.status === 'failed' ? row.count : 0), 0);
  return (
    <Card
      title="Successful posts per platform"
      description={`Last ${POST_SUCCESS_DAYS} days, ending today.`}
      className="post-success-card"
    >
      {report.isPending ? (
        <ChartPlaceholder label="Loading successful posts" />
      ) : report.isError ? (
        <p className="field__error">{errorMessage(report.error)}</p>
      ) : published ? (
        <Suspense fallback={<ChartPlaceholder label="Loading the chart" />}>
          <PostSuccessChart rows={rows} range={range} />
        </Suspense>
      ) : (
        <>
          <EmptyState compact icon={ChartColumn} title="Nothing published yet">
            Once posts go out, this chart shows how many succeeded on each platform.
          </EmptyState>
          {failed ? <FailedNote count={failed} /> : null}
        </>
      )}
    </Card>
  );
}
