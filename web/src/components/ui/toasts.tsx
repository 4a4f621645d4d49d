import { TOAST_DURATION_MS } from '@shared/constants';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToastLibrary, subscribeToToasts, toastsWanted } from '@/lib/toast';

const Toaster = lazy(() => loadToastLibrary().then((library) => ({ default: library.Toaster })));

/** The toast stack, mounted once the first toast is raised (lib/toast.ts). */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToasts, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Sonner pauses a toast's timer while the pointer is over the stack (its default). Bottom right: at the
          top they covered the top bar's company and account menu. */}
      <Toaster duration={TOAST_DURATION_MS} position="bottom-right" richColors closeButton />
    </Suspense>
  );
}
