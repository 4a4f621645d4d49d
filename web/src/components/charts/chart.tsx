import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { loadChunk } from '@/lib/load-chunk';
import type { ChartDrawing } from './chart-spec';

// chartist and the drawing over it: one chunk, fetched with the first chart a page shows.
const ChartDrawingView = lazy(() => loadChunk(() => import('./chart-drawing')));

/**
 * Every chart of the app: one labelled image whose picture chartist draws once its chunk is in (the
 * page itself stays light). The picture is decorative for assistive technology: `label` says what it
 * shows in a sentence, and the page puts its numbers in a table beside it.
 */
export function Chart({
  label,
  className,
  placeholderClassName,
  drawing,
}: {
  /** The chart in one sentence, for those who do not see it. */
  label: string;
  /** The image's box: its size. */
  className: string;
  /** A box for the spinner while chartist loads; the bare spinner without it. */
  placeholderClassName?: string;
  drawing: ChartDrawing;
}) {
  const spinner = <Spinner label="Loading the chart" />;
  return (
    <div className={className} role="img" aria-label={label}>
      <Suspense fallback={placeholderClassName ? <div className={placeholderClassName}>{spinner}</div> : spinner}>
        <ChartDrawingView drawing={drawing} />
      </Suspense>
    </div>
  );
}
