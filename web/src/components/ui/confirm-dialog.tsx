import { createContext, use, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

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
  const dialogRef = useRef<HTMLDialogElement>(null);

  const confirm = useCallback<Confirm>(
    (options) => new Promise<boolean>((resolve) => setState({ ...options, resolve })),
    [],
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (state && dialog && !dialog.open) dialog.showModal();
  }, [state]);

  const close = (ok: boolean) => {
    state?.resolve(ok);
    dialogRef.current?.close();
    setState(null);
  };

  return (
    <ConfirmContext value={confirm}>
      {children}
      {state ? (
        // A click on the backdrop is a mouse-only shortcut: keyboard users close with Escape (onCancel).
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
        <dialog
          ref={dialogRef}
          className="dialog"
          aria-labelledby="confirm-title"
          onCancel={(event) => {
            event.preventDefault();
            close(false);
          }}
          onClick={(event) => {
            // A click on the backdrop (the dialog element itself) cancels.
            if (event.target === event.currentTarget) close(false);
          }}
        >
          <div className="dialog__panel">
            <h2 id="confirm-title" className="dialog__title">
              {state.title}
            </h2>
            {state.description ? <div className="dialog__text">{state.description}</div> : null}
            <div className="dialog__actions">
              <Button variant="secondary" onClick={() => close(false)}>
                {state.cancelLabel ?? 'Cancel'}
              </Button>
              <Button variant={state.destructive ? 'danger' : 'primary'} onClick={() => close(true)}>
                {state.confirmLabel ?? 'Confirm'}
              </Button>
            </div>
          </div>
        </dialog>
      ) : null}
    </ConfirmContext>
  );
}
