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
      {/* No icon: its chunk would weigh on every audit view's first load. */}
      <Button variant="secondary" onClick={() => setOpen(true)}>
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
