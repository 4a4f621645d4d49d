import { PageHeader } from '@/components/ui/page-header';
import { MayOrNotice } from '@/components/may-or-notice';
import { CsvImport } from '../components/csv-import';
import { FeedsCard } from '../components/feeds-card';
import '../bulk-import.css';

/** /import: posts from a CSV file, and the feeds that become drafts; for roles that may write content. */
export default function ImportRoute() {
  return (
    <div className="page import-page">
      <PageHeader title="Import posts" description="Bring posts in from a spreadsheet, or from your blog's feed." />
      <MayOrNotice permission="content" title="Importing posts is for admins and managers">
        <CsvImport />
        <FeedsCard />
      </MayOrNotice>
    </div>
  );
}
