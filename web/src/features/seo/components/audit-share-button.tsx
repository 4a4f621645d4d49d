import { Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { loadChunk } from '@/lib/load-chunk';

// The dialog and its form come when it is first opened.
const AuditShareDialog = lazy(() => loadChunk(() => import('./audit-share-dialog')));

/** The website audit's Share button (admins and managers): guest links to chosen modules. */
export function AuditShareButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" icon={<Share2 size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Share
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AuditShareDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
