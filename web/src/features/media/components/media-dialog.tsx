import { useEffect, useId, useRef, type ReactNode } from 'react';
import '@/styles/dialog.css';

/**
 * A modal on the platform's <dialog>: focus trapped and Escape handled by the browser. Closing
 * (Escape, backdrop, the caller's buttons) goes through `onClose`, so the caller owns `open`.
 */
export function MediaDialog({
  open,
  title,
  onClose,
  children,
  wide,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // A click on the backdrop is a mouse-only shortcut: keyboard users close with Escape (onCancel).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={['dialog', wide ? 'media-dialog--wide' : ''].join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className="dialog__panel">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
