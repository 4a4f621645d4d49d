import { PageHeader } from '@/components/ui/page-header';
import { CsvImport } from '../components/csv-import';
import { FeedsCard } from '../components/feeds-card';
import '../bulk-import.css';

/** /import: posts from a CSV file, and the feeds that become drafts. */
export default function ImportRoute() {
  return (
    <div className="page import-page">
      <PageHeader title="Import posts" description="Bring posts in from a spreadsheet, or from your blog's feed." />
      <CsvImport />
      <FeedsCard />
    </div>
  );
}
