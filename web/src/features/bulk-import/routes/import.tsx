import { lazy, Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { MayOrNotice } from '@/components/may-or-notice';
import { loadChunk } from '@/lib/load-chunk';
import { CsvImport } from '../components/csv-import';
import '../bulk-import.css';

// Below the CSV import, with its form: loaded after the page's first paint, so the page's first
// load stays within its budget.
const FeedsCard = lazy(() =>
  loadChunk(() => import('../components/feeds-card')).then((m) => ({ default: m.FeedsCard })),
);

/** /import: posts from a CSV file, and the feeds that become drafts; for roles that may write content. */
export default function ImportRoute() {
  return (
    <div className="page import-page">
      <PageHeader title="Import posts" description="Bring posts in from a spreadsheet, or from your blog's feed." />
      <MayOrNotice permission="content" title="Importing posts is for admins and managers">
        <CsvImport />
        <Suspense fallback={null}>
          <FeedsCard />
        </Suspense>
      </MayOrNotice>
    </div>
  );
}
