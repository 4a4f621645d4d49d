import { createContext, lazy, Suspense, use, useCallback, useState, type ReactNode } from 'react';
import { loadChunk } from '@/lib/load-chunk';

/** The confirm dialog and the upgrade prompt: most pages never ask, so both are fetched the first time one opens. */
export const AppDialog = lazy(() => loadChunk(() => import('../app-dialogs')));

export interface ConfirmOptions {
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** `const confirm = useConfirm(); if (await confirm({...})) ...` before any destructive action. */
export function useConfirm(): Confirm {
  const confirm = use(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<(ConfirmOptions & { resolve: (ok: boolean) => void }) | null>(null);

  const confirm = useCallback<Confirm>(
    (options) => new Promise<boolean>((resolve) => setState({ ...options, resolve })),
    [],
  );

  const close = (ok: boolean) => {
    state?.resolve(ok);
    setState(null);
  };

  return (
    <ConfirmContext value={confirm}>
      {children}
      {state ? (
        <Suspense fallback={null}>
          <AppDialog confirm={state} onClose={close} />
        </Suspense>
      ) : null}
    </ConfirmContext>
  );
}
