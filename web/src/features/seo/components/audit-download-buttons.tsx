import { FileDown, Map as MapIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { loadChunk } from '@/lib/load-chunk';

// The dialogs and their forms come when first opened.
const ReportDownloadDialog = lazy(() => loadChunk(() => import('./report-download-dialog')));
const SitemapDialog = lazy(() => loadChunk(() => import('./sitemap-dialog')));

/** The website audit's Download report and Generate sitemap buttons, for the audit on screen. */
export function AuditDownloadButtons({ auditId }: { auditId: string }) {
  const [open, setOpen] = useState<'report' | 'sitemap' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Button variant="secondary" icon={<FileDown size={16} aria-hidden />} onClick={() => setOpen('report')}>
        Download report
      </Button>
      <Button variant="secondary" icon={<MapIcon size={16} aria-hidden />} onClick={() => setOpen('sitemap')}>
        Generate sitemap
      </Button>
      <Suspense fallback={null}>
        {open === 'report' ? <ReportDownloadDialog auditId={auditId} onClose={close} /> : null}
        {open === 'sitemap' ? <SitemapDialog auditId={auditId} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
