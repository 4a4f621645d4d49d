import { useEffect, useRef } from 'react';
import { Button } from './button';
import type { ConfirmOptions } from './confirm-dialog';
import '@/styles/dialog.css';

/** The confirm dialog's markup (confirm-dialog.tsx): its own chunk, fetched when a page first asks. */
export default function ConfirmDialogView({
  options,
  onClose,
}: {
  options: ConfirmOptions;
  onClose: (ok: boolean) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, [options]);

  const close = (ok: boolean) => {
    dialogRef.current?.close();
    onClose(ok);
  };

  return (
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
          {options.title}
        </h2>
        {options.description ? <div className="dialog__text">{options.description}</div> : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => close(false)}>
            {options.cancelLabel ?? 'Cancel'}
          </Button>
          <Button variant={options.destructive ? 'danger' : 'primary'} onClick={() => close(true)}>
            {options.confirmLabel ?? 'Confirm'}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
