import { lazy, Suspense } from 'react';
import { loadChunk } from '@/lib/load-chunk';

// The guest page's views, contracts and charts come in a chunk of their own: the router, which
// every page's first load carries, then names only this small one.
const SharedAuditPage = lazy(() => loadChunk(() => import('../components/shared-audit-page')));

/** /shared/audit/{token}[/{module}[/{check}]]: a guest link's read-only view of a website audit. */
export default function SharedAuditRoute() {
  return (
    <Suspense fallback={null}>
      <SharedAuditPage />
    </Suspense>
  );
}
